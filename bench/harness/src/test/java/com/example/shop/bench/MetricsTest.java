package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Prometheus text of a service's /q/metrics, as the census and the reservation read it. */
class MetricsTest {

    /** Shaped like the cart service's own output: two driver clients (cluster_id), a failed command, escapes. */
    static final String BEFORE = """
            # HELP mongodb_driver_commands_seconds Timer of mongodb commands
            # TYPE mongodb_driver_commands_seconds summary
            mongodb_driver_commands_seconds_count{cluster_id="6b03c132",collection="cart",command="find",database="cart",server_address="127.0.0.1:18517",status="SUCCESS"} 3.0
            mongodb_driver_commands_seconds_sum{cluster_id="6b03c132",collection="cart",command="find",database="cart",server_address="127.0.0.1:18517",status="SUCCESS"} 0.044579891
            mongodb_driver_commands_seconds_count{cluster_id="6b03c133",collection="cart",command="find",database="cart",server_address="127.0.0.1:18517",status="SUCCESS"} 1.0
            mongodb_driver_commands_seconds_count{cluster_id="6b03c132",collection="inventory",command="update",database="cart",server_address="127.0.0.1:18517",status="SUCCESS"} 13.0
            http_client_requests_seconds_count{clientName="catalog-service",method="GET",outcome="SUCCESS",status="200",uri="/products/{sku}"} 1.0
            odd_metric{path="a \\"quoted\\", comma",other="x"} 7.0
            """;

    static final String AFTER = """
            mongodb_driver_commands_seconds_count{cluster_id="6b03c132",collection="cart",command="find",database="cart",server_address="127.0.0.1:18517",status="SUCCESS"} 5.0
            mongodb_driver_commands_seconds_count{cluster_id="6b03c133",collection="cart",command="find",database="cart",server_address="127.0.0.1:18517",status="SUCCESS"} 1.0
            mongodb_driver_commands_seconds_count{cluster_id="6b03c132",collection="inventory",command="update",database="cart",server_address="127.0.0.1:18517",status="SUCCESS"} 13.0
            mongodb_driver_commands_seconds_count{cluster_id="6b03c132",collection="inventory",command="update",database="cart",server_address="127.0.0.1:18517",status="FAILED"} 1.0
            http_client_requests_seconds_count{clientName="catalog-service",method="GET",outcome="SUCCESS",status="200",uri="/products/{sku}"} 4.0
            """;

    @Test
    void commandsAreCountedByCommandAndCollectionAcrossClients() {
        Map<String, Double> counts = Metrics.parse(BEFORE).mongoCounts();
        assertEquals(Map.of("find cart", 4.0, "update inventory", 13.0), counts);
    }

    @Test
    void theDifferenceNamesOnlyWhatChangedAndKeepsFailuresApart() {
        Map<String, Double> diff = Metrics.diff(Metrics.parse(BEFORE).mongoCounts(), Metrics.parse(AFTER).mongoCounts());
        assertEquals(Map.of("find cart", 2.0, "update inventory (FAILED)", 1.0), diff);
    }

    @Test
    void labelsWithEscapedQuotesAndCommasAreRead() {
        Metrics.Scrape s = Metrics.parse(BEFORE);
        assertEquals(7.0, s.sum("odd_metric", l -> "a \"quoted\", comma".equals(l.get("path")) && "x".equals(l.get("other"))));
        assertEquals(3.0, Metrics.parse(AFTER).sum("http_client_requests_seconds_count", l -> true)
                - s.sum("http_client_requests_seconds_count", l -> true));
    }
}
