package com.example.shop.bench;

import java.util.Arrays;

/** Entry point: {@code java -jar bench-harness.jar <command> [--option value ...]}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            usage();
            System.exit(2);
        }
        Args a = new Args(args, 1);
        int code = switch (args[0]) {
            case "reservation" -> ReservationBench.run(a);
            case "census" -> Census.run(a);
            case "category-move" -> CategoryMove.run(a);
            case "profile-report" -> ProfileReport.run(a);
            case "expiry" -> ExpiryBench.run(a);
            case "seed-orders" -> OrderSeed.run(a);
            case "invariant" -> InvariantCommand.run(a);
            case "cart-chaos-load" -> CartChaosLoad.run(a);
            case "ack-writes" -> AckWrites.run(a);
            case "hostile" -> HostileSweep.run(a);
            case "hoarder" -> HoarderCase.run(a);
            case "snapshot" -> SnapshotCommand.run(a);
            case "import-run" -> ImportBench.importRun(a);
            case "export-run" -> ImportBench.exportRun(a);
            case "import-kill" -> ImportKill.run(a);
            case "holder-curve" -> HolderCurve.run(a);
            case "drop" -> DropBench.run(a);
            case "scale-queries" -> ScaleQueries.run(a);
            case "scale-freshness" -> ScaleFreshness.run(a);
            case "scale-report" -> ScaleReport.run(a);
            case "db-writes" -> DbWrites.run(a);
            case "stock-setup" -> StockBooks.setup(a);
            case "stock-audit" -> StockBooks.audit(a);
            case "webhooks" -> WebhooksBench.run(a);
            default -> {
                usage();
                yield 2;
            }
        };
        System.exit(code);
    }

    private static void usage() {
        System.err.println("usage: bench-harness " + String.join("|", Arrays.asList("reservation", "census", "category-move", "profile-report", "expiry", "seed-orders", "invariant",
                "cart-chaos-load", "ack-writes", "hostile", "hoarder", "snapshot", "import-run", "export-run", "import-kill", "holder-curve", "drop",
                "scale-queries", "scale-freshness", "scale-report", "db-writes", "stock-setup", "stock-audit", "webhooks"))
                + " --option value ...");
    }
}
