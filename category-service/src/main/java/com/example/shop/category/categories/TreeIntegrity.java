package com.example.shop.category.categories;

import jakarta.inject.Singleton;
import java.util.List;

/**
 * Verify and repair of the derived ancestors against the parent pointers ({@link Reconciler}):
 * repair is idempotent and may run while the service is in use.
 */
@Singleton
public record TreeIntegrity(Reconciler reconciler) {

    /** A node whose ancestors disagree with its parent chain ({@code expected} is null when the chain is broken). */
    public record Finding(String id, String slug, DiscrepancyKind kind, String parentId,
                          List<Breadcrumb> actual, List<Breadcrumb> expected) {
        static Finding of(Reconciler.Discrepancy d) {
            return new Finding(d.node().id().toHexString(), d.node().slug(), d.kind(),
                    d.node().parent() == null ? null : d.node().parent().toHexString(),
                    crumbs(d.node().ancestors()), d.expected() == null ? null : crumbs(d.expected()));
        }

        private static List<Breadcrumb> crumbs(List<Crumb> list) {
            return list.stream().map(Breadcrumb::of).toList();
        }
    }

    public record VerifyReport(boolean healthy, List<Finding> findings) {
    }

    public record RepairReport(int passes, int fixedCount, List<Finding> fixed, List<Finding> unrepairable, boolean settled) {
    }

    public VerifyReport verify() {
        List<Finding> findings = reconciler.verifyAll().stream().map(Finding::of).toList();
        return new VerifyReport(findings.isEmpty(), findings);
    }

    public RepairReport repair() {
        Reconciler.Outcome outcome = reconciler.reconcileAll();
        List<Finding> fixed = outcome.fixed().stream().map(Finding::of).toList();
        return new RepairReport(outcome.passes(), fixed.size(), fixed,
                outcome.unfixable().stream().map(Finding::of).toList(), outcome.settled());
    }
}
