// Shards the platform's collections on a SHARDED cluster (run against a mongos, not against the
// replica set of k8s/base, which is a single shard-less replica set). The Job of k8s/sharding
// (overlay k8s/overlays/sharded) runs it; by hand:
//
//   mongosh "mongodb://<mongos>:27017/admin" k8s/sharding/shard-collections.js
//   mongosh "mongodb://<mongos>:27017/admin" --eval 'var KEYS = "book"' k8s/sharding/shard-collections.js
//   mongosh ... --eval 'var DRY_RUN = true' k8s/sharding/shard-collections.js     (checks only)
//   mongosh ... --eval 'var WAIT_SECONDS = 600' k8s/sharding/shard-collections.js (wait for the cluster)
//
// Idempotent: an already sharded collection is reported and left alone. Before sharding a
// collection it checks what MongoDB would refuse (or silently break) and skips that collection
// with the reason; the script then exits with status 1.
//
// Any order with the services: it may run before the services ever started or after they created
// their indexes. Sharding an empty catalog.products would make shardCollection create a unique
// index sku_1; the script creates the unique sku index first under the name the catalog gives it,
// sku_unique, so the catalog finds its own index (and the catalog counts an existing sku_1 as
// its own anyway: same keys, same uniqueness). The services' other indexes do not interfere with
// the shard keys below.
//
// Two key sets:
//  - "book" (MongoDB Applied Design Patterns, ch. 5): products {type, details.genre, sku},
//    categories {_id}, carts {_id}, inventory {_id}.
//  - "corrected" (the default), because two of the book's keys cannot work with this platform's
//    data model:
//    * catalog.products: details.genre is an ARRAY (genre[] of albums and films) and MongoDB
//      refuses arrays in a shard key (the shard key index cannot be multikey; such inserts fail).
//      The unique index on sku also has to start with the shard key, or sku uniqueness could not
//      be enforced across shards (shardCollection refuses). So products are sharded on
//      {sku: 1}: the unique sku index becomes the shard key index, lookups by sku (product
//      page, the cart's price snapshot) go to one shard; listings are the catalog's search
//      index, which reads the products by scan and by change feed, never by genre.
//      Catalog writes are rare admin writes, so a ranged key cannot create a write hot spot
//      worth hashing for. Routing listings by genre would need a scalar field (for example
//      a denormalised main genre) that the catalog does not have.
//    * catalog.product_skus: {_id: "hashed"}: the sku registry, one document per sku (key or
//      variant), which keeps a sku to one product where products, sharded on {sku: 1}, cannot carry
//      a unique index on their skus (docs/design.md, "The sku registry"). A claim is an insert or
//      an equality on _id: hashed spreads skus with shared prefixes and still reaches one shard.
//      A catalog of a version before the registry left a unique skus_unique index on products,
//      which MongoDB refuses there: start the catalog of this version once (it drops it) first.
//    * categories.categories: stays UNSHARDED. The unique slug index cannot be enforced on an
//      {_id} shard key (shardCollection refuses), and the tree is small; the book itself says
//      sharding it "has limited value". An unsharded collection lives on its database's
//      primary shard and works unchanged behind mongos.
//    * cart.cart: {_id: 1}, as the book: cart ids are already pseudorandom (a hash of an
//      ObjectId), so new carts spread over all chunks, and every cart operation is by _id.
//    * cart.inventory: {_id: "hashed"}: the _id is the SKU, which operators often assign in
//      sequence or with shared prefixes, so a ranged key would send new SKUs to one chunk;
//      every inventory operation (a guarded $inc) is an equality on _id, which a hashed key
//      still routes to a single shard.
//    * cart.reservations: {_id: "hashed"} (not in the book, which keeps holders inside the
//      inventory document): the _id is "<sku> <cart id>", so a ranged key would put every
//      holder of a hot sku, the writes of a drop, in one chunk; hashed spreads them, and each
//      reservation write is still an equality on _id. The admin's list of a sku's holders (a
//      range of _id) is then sent to every shard, which is fine for an admin page.
//      cart.inventory_moves (the moves in flight, a handful of documents) stays unsharded.

/* global db, sh, print, printjson, quit, sleep */

const BOOK = [
  { ns: 'catalog.products', key: { type: 1, 'details.genre': 1, sku: 1 }, unique: false },
  { ns: 'categories.categories', key: { _id: 1 }, unique: false },
  { ns: 'cart.cart', key: { _id: 1 }, unique: false },
  { ns: 'cart.inventory', key: { _id: 1 }, unique: false },
];

const CORRECTED = [
  // index: the shard key index the script creates when missing, named as the catalog names it
  { ns: 'catalog.products', key: { sku: 1 }, unique: true, index: { name: 'sku_unique', unique: true } },
  { ns: 'catalog.product_skus', key: { _id: 'hashed' }, unique: false },
  { ns: 'categories.categories', key: null, why: 'unique slug index and a small tree: left unsharded' },
  { ns: 'cart.cart', key: { _id: 1 }, unique: false },
  { ns: 'cart.inventory', key: { _id: 'hashed' }, unique: false },
  { ns: 'cart.reservations', key: { _id: 'hashed' }, unique: false },
];

const keySet = typeof KEYS === 'undefined' ? 'corrected' : KEYS;
const dryRun = typeof DRY_RUN !== 'undefined' && DRY_RUN === true;
const waitSeconds = typeof WAIT_SECONDS === 'undefined' ? 0 : WAIT_SECONDS;
const plan = keySet === 'book' ? BOOK : keySet === 'corrected' ? CORRECTED : null;
if (plan === null) {
  print(`unknown KEYS "${keySet}": use "corrected" or "book"`);
  quit(2);
}

function sameKey(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

// The reasons MongoDB would refuse this shard key for this collection, as it is now.
function problemsOf(collection, key) {
  const problems = [];
  const fields = Object.keys(key);
  let indexes = [];
  try {
    indexes = collection.getIndexes();
  } catch (e) {
    indexes = []; // the collection does not exist yet: shardCollection creates it
  }
  for (const index of indexes) {
    if (!index.unique || index.name === '_id_') continue;
    const prefix = Object.keys(index.key).slice(0, fields.length);
    const hashed = Object.values(key).includes('hashed');
    if (hashed || !sameKey(prefix, fields)) {
      problems.push(`unique index ${index.name} ${JSON.stringify(index.key)} does not start with the shard key`
        + ' (uniqueness cannot be enforced across shards)');
    }
  }
  for (const field of fields) {
    if (field === '_id') continue;
    const arrays = collection.countDocuments({ [field]: { $type: 'array' } }, { limit: 1 });
    if (arrays > 0) {
      problems.push(`documents hold an array in ${field}: a shard key cannot contain arrays`);
    }
  }
  return problems;
}

function shardedKey(ns) {
  const entry = db.getSiblingDB('config').getCollection('collections').findOne({ _id: ns, dropped: { $ne: true } });
  return entry ? entry.key : null;
}

// What sharding needs: a mongos, and a cluster with at least one shard added. A cluster being
// set up (an operator still adding shards) gets WAIT_SECONDS to get there.
function shardCount() {
  try {
    return db.adminCommand({ listShards: 1 }).shards.length;
  } catch (e) {
    return 0;
  }
}
if (!dryRun) {
  for (let waited = 0; waited < waitSeconds && (db.hello().msg !== 'isdbgrid' || shardCount() === 0); waited += 5) {
    print(`waiting for a mongos with at least one shard (${waited}s of ${waitSeconds}s)`);
    sleep(5000);
  }
  if (db.hello().msg !== 'isdbgrid') {
    print('not connected to a mongos: sharding needs a sharded cluster (see k8s/README.md, "Sharding")');
    quit(2);
  }
  if (shardCount() === 0) {
    print('the cluster has no shard yet: add one (sh.addShard) and run this again');
    quit(2);
  }
}

let failures = 0;
for (const database of [...new Set(plan.map((p) => p.ns.split('.')[0]))]) {
  if (!dryRun) sh.enableSharding(database);
}
for (const step of plan) {
  const [database, name] = [step.ns.substring(0, step.ns.indexOf('.')), step.ns.substring(step.ns.indexOf('.') + 1)];
  const collection = db.getSiblingDB(database).getCollection(name);
  if (step.key === null) {
    print(`${step.ns}: not sharded (${step.why})`);
    continue;
  }
  const current = dryRun ? null : shardedKey(step.ns);
  if (current) {
    print(`${step.ns}: already sharded on ${JSON.stringify(current)}${sameKey(current, step.key) ? '' : ` (this plan says ${JSON.stringify(step.key)})`}`);
    continue;
  }
  const problems = problemsOf(collection, step.key);
  if (problems.length > 0) {
    failures++;
    print(`${step.ns}: NOT sharded on ${JSON.stringify(step.key)}:`);
    problems.forEach((p) => print(`  - ${p}`));
    continue;
  }
  if (dryRun) {
    print(`${step.ns}: can be sharded on ${JSON.stringify(step.key)}`);
    continue;
  }
  // A non-empty collection needs an index that supports the key (shardCollection creates it on
  // an empty one). Where the services have a name for that index, it is created under that name.
  let indexes = [];
  try {
    indexes = collection.getIndexes();
  } catch (e) {
    indexes = []; // the collection does not exist yet
  }
  if (!indexes.some((ix) => sameKey(ix.key, step.key))) {
    if (step.index) {
      collection.createIndex(step.key, step.index);
    } else if (collection.estimatedDocumentCount() > 0) {
      collection.createIndex(step.key);
    }
  }
  printjson(sh.shardCollection(step.ns, step.key, step.unique));
  print(`${step.ns}: sharded on ${JSON.stringify(step.key)}`);
}
quit(failures === 0 ? 0 : 1);
