// Runs k8s/sharding/shard-collections.js under node with a recording stand-in for mongosh's
// db/sh globals (no MongoDB needed). Usage: node mongosh-mock.js <script> ; the state comes in
// $MOCK_STATE (JSON: {collections: {ns: {indexes, arrays, count}}, sharded: {ns: key}}) and the
// script's KEYS / DRY_RUN variables in $KEYS / $DRY_RUN. Prints the script's output, then
// CALLS <json> and EXIT <status>.
'use strict';
const fs = require('fs');
const vm = require('vm');

const state = JSON.parse(process.env.MOCK_STATE || '{}');
const calls = [];

function collection(ns) {
  const c = (state.collections || {})[ns];
  return {
    getIndexes() {
      if (!c) throw new Error(`ns does not exist: ${ns}`);
      return c.indexes || [];
    },
    countDocuments(filter) {
      const field = Object.keys(filter)[0];
      return c && (c.arrays || []).includes(field) ? 1 : 0;
    },
    estimatedDocumentCount() {
      return c ? c.count || 0 : 0;
    },
    createIndex(key, options) {
      calls.push(options === undefined ? ['createIndex', ns, key] : ['createIndex', ns, key, options]);
    },
    findOne(filter) {
      const key = (state.sharded || {})[filter._id];
      return key ? { _id: filter._id, key } : null;
    },
  };
}

global.print = (s) => console.log(s);
global.printjson = (o) => console.log(JSON.stringify(o));
global.quit = (status) => {
  throw { exitStatus: status };
};
global.sh = {
  enableSharding(database) {
    calls.push(['enableSharding', database]);
  },
  shardCollection(ns, key, unique) {
    calls.push(['shardCollection', ns, key, unique]);
    return { collectionsharded: ns, ok: 1 };
  },
};
// $MOCK_STATE.shards: the shards listed (default 1); shardsAfter: how many sleep() calls until they appear
let sleeps = 0;
global.sleep = (ms) => {
  sleeps++;
  calls.push(['sleep', ms]);
};
global.db = {
  hello: () => ({ msg: state.mongos === false ? undefined : 'isdbgrid' }),
  adminCommand(command) {
    if (command.listShards) {
      const count = sleeps >= (state.shardsAfter || 0) ? (state.shards === undefined ? 1 : state.shards) : 0;
      return { shards: Array.from({ length: count }, (_, i) => ({ _id: `shard${i}` })), ok: 1 };
    }
    throw new Error(`unexpected admin command ${JSON.stringify(command)}`);
  },
  getSiblingDB: (database) => ({ getCollection: (name) => collection(`${database}.${name}`) }),
};
if (process.env.KEYS) global.KEYS = process.env.KEYS;
if (process.env.DRY_RUN) global.DRY_RUN = process.env.DRY_RUN === 'true';
if (process.env.WAIT_SECONDS) global.WAIT_SECONDS = Number(process.env.WAIT_SECONDS);

let status = 0;
try {
  vm.runInThisContext(fs.readFileSync(process.argv[2], 'utf8'), { filename: process.argv[2] });
} catch (e) {
  if (e && e.exitStatus !== undefined) {
    status = e.exitStatus;
  } else {
    console.log(`ERROR ${e && e.stack}`);
    status = 99;
  }
}
console.log(`CALLS ${JSON.stringify(calls)}`);
console.log(`EXIT ${status}`);
