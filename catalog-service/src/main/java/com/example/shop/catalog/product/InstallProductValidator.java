package com.example.shop.catalog.product;

import com.example.shop.catalog.producttype.ProductType;
import com.example.shop.catalog.producttype.ProductTypeListener;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Installs (or replaces) the {@code $jsonSchema} validator of {@code products} ({@link ProductSchema},
 * made from every product type) whenever the types change: once the built-in types are in place at
 * start-up and after each declaration ({@link ProductTypeListener}). It runs {@code collMod},
 * or {@code create} when the collection does not exist yet. The embedded server has no
 * {@code collMod} and ignores validators: there it is skipped, logged once, and the service's own
 * checks are the only ones (they run on every server). A failure never stops the caller: the
 * validator is a second line of defence, not the first.
 */
@ApplicationScoped
public class InstallProductValidator implements ProductTypeListener {

    private static final Logger LOG = Logger.getLogger(InstallProductValidator.class);
    private static final int NAMESPACE_NOT_FOUND = 26;

    private final ProductStore store;
    private volatile boolean unsupportedLogged;

    InstallProductValidator(ProductStore store) {
        this.store = store;
    }

    @Override
    public void typesChanged(List<ProductType> types) {
        try {
            try {
                store.modifyValidator(types);
            } catch (MongoCommandException e) {
                if (e.getErrorCode() != NAMESPACE_NOT_FOUND) {
                    throw e;
                }
                store.createWithValidator(types);
            }
        } catch (MongoCommandException e) {
            if (!unsupportedLogged) {
                unsupportedLogged = true;
                LOG.infof("Collection validator not installed (%s); the service's own checks still apply",
                        e.getErrorMessage());
            }
        } catch (MongoException e) {
            LOG.warnf("Collection validator not refreshed (%s); the service's own checks still apply", e.getMessage());
        }
    }
}
