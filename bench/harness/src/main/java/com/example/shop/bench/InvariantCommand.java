package com.example.shop.bench;

import com.example.shop.stockinvariant.InvariantReport;
import com.example.shop.stockinvariant.StockInvariant;
import com.mongodb.client.model.Filters;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/** {@code invariant --mongo URI [--prefix P]}: checks the invariant for every sku (or those starting with P). */
final class InvariantCommand {

    static int run(Args a) {
        try (Db db = new Db(a.required("mongo"))) {
            List<String> skus = new ArrayList<>();
            String prefix = a.str("prefix", "");
            for (Document d : db.db("cart").getCollection("inventory").find(
                    prefix.isEmpty() ? new Document() : Filters.regex("_id", "^" + java.util.regex.Pattern.quote(prefix)))) {
                skus.add(d.getString("_id"));
            }
            InvariantReport r = StockInvariant.check(db.db("cart"), skus, null, a.flag("strict") ? StockInvariant.Level.STRICT : StockInvariant.Level.CONSERVATION);
            System.out.println(r.table(a.integer("rows", 20)));
            System.out.println(r.summary());
            return r.ok() ? 0 : 1;
        }
    }
}
