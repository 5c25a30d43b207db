package com.example.shop.category.write;

import com.example.shop.category.config.CategoryConfig;
import com.example.shop.category.tree.CategoryProblems;
import com.example.shop.category.tree.CategoryStore;
import com.example.shop.category.tree.Checkpoints;
import com.example.shop.category.tree.MoveStep;
import com.example.shop.category.tree.Node;
import com.example.shop.web.database.SchemaSetup;
import com.mongodb.MongoException;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import com.mongodb.client.result.UpdateResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;
import org.jboss.logging.Logger;

/**
 * Renames a category and/or changes its slug, then updates the copies in its descendants'
 * ancestors. It does not take the tree lock (it does not change the shape):
 * <ol>
 * <li>{@code updateOne({_id}, {$set:{name, slug}})}: atomic on the node; the unique slug index
 * refuses a duplicate (409) before anything else is written;</li>
 * <li>propagate, as the book: {@code updateMany({"ancestors._id": id},
 * {$set:{"ancestors.$.name": name, "ancestors.$.slug": slug}})}, one multi-document update with
 * the positional operator, with the values <em>read back from the node</em>, not the request's;</li>
 * <li>read the node again: if a concurrent rename changed it meanwhile, propagate again. The last
 * propagation therefore always carries the node's final labels. A concurrent move re-derives whole
 * ancestor arrays from the current labels and checks again after writing, so it cannot leave an
 * old label behind either.</li>
 * </ol>
 */
@ApplicationScoped
public class RelabelCategory {

    private static final Logger LOG = Logger.getLogger(RelabelCategory.class);

    private final CategoryStore store;
    private final Checkpoints checkpoints;
    private final CategoryConfig config;
    private final SchemaSetup schema;

    public RelabelCategory(CategoryStore store, Checkpoints checkpoints, CategoryConfig config, SchemaSetup schema) {
        this.store = store;
        this.checkpoints = checkpoints;
        this.config = config;
        this.schema = schema;
    }

    /** Applies the non-null changes; returns the node as stored afterwards. */
    public Node relabel(Node node, String name, String slug) {
        List<Bson> sets = new ArrayList<>();
        if (name != null && !name.equals(node.name())) {
            sets.add(Updates.set("name", name));
        }
        if (slug != null && !slug.equals(node.slug())) {
            // Only the unique slug index refuses a duplicate slug: never change one without it.
            schema.requireReady();
            sets.add(Updates.set("slug", slug));
        }
        if (sets.isEmpty()) {
            return node;
        }
        UpdateResult result;
        try {
            result = store.categories().updateOne(Filters.eq("_id", node.id()), Updates.combine(sets));
        } catch (MongoException e) {
            if (CategoryStore.isDuplicateKey(e)) {
                throw CategoryProblems.duplicateSlug(slug);
            }
            throw e;
        }
        if (result.getMatchedCount() == 0) {
            throw CategoryProblems.unknownCategory(node.slug());
        }
        checkpoints.reached(MoveStep.LABEL_UPDATED);
        return propagate(node.id());
    }

    /** Copies the node's current name and slug into every descendant's ancestor entry for it, until stable. */
    Node propagate(ObjectId id) {
        Node current = store.findById(id).orElse(null);
        for (int pass = 0; current != null && pass < config.reconcile().maxPasses(); pass++) {
            store.categories().updateMany(Filters.eq("ancestors._id", id),
                    Updates.combine(Updates.set("ancestors.$.name", current.name()),
                            Updates.set("ancestors.$.slug", current.slug())));
            Node after = store.findById(id).orElse(null);
            if (after == null || Objects.equals(after.name(), current.name()) && Objects.equals(after.slug(), current.slug())) {
                return after;
            }
            current = after;
        }
        if (current != null) {
            LOG.warnf("Labels of %s did not settle; POST /admin/categories/repair fixes the copies", id);
        }
        return current;
    }
}
