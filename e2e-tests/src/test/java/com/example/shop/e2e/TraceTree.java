package com.example.shop.e2e;

import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The spans of one trace as a tree, each under its parent and in the order they started: one line
 * per span with its service, its name and how long it took. What cart-service/README.md shows.
 */
final class TraceTree {

    private final List<OtlpSpans.Span> spans;

    TraceTree(List<OtlpSpans.Span> spans) {
        this.spans = spans.stream().sorted(Comparator.comparingLong(OtlpSpans.Span::startNanos)).toList();
    }

    /** The spans whose parent is not in the trace (the client's own span is not exported by anyone). */
    List<OtlpSpans.Span> roots() {
        Set<String> ids = spans.stream().map(OtlpSpans.Span::spanId).collect(Collectors.toSet());
        return spans.stream().filter(span -> !ids.contains(span.parentSpanId())).toList();
    }

    List<OtlpSpans.Span> children(OtlpSpans.Span parent) {
        return spans.stream().filter(span -> span.parentSpanId().equals(parent.spanId())).toList();
    }

    /** Whether {@code ancestor} is {@code span}'s parent, grandparent, ... */
    boolean under(OtlpSpans.Span span, OtlpSpans.Span ancestor) {
        for (OtlpSpans.Span at = parent(span); at != null; at = parent(at)) {
            if (at.spanId().equals(ancestor.spanId())) {
                return true;
            }
        }
        return false;
    }

    private OtlpSpans.Span parent(OtlpSpans.Span span) {
        return spans.stream().filter(other -> other.spanId().equals(span.parentSpanId())).findFirst().orElse(null);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        out.append(String.format("%-44s %-16s %-7s %9s%n", "span", "service", "kind", "duration"));
        for (OtlpSpans.Span root : roots()) {
            print(root, 0, out);
        }
        return out.toString();
    }

    private void print(OtlpSpans.Span span, int depth, StringBuilder out) {
        String name = "  ".repeat(depth) + span.name();
        out.append(String.format("%-44s %-16s %-7s %6.1f ms%n", name, span.service(), span.kindName(), span.micros() / 1000.0));
        for (OtlpSpans.Span child : children(span)) {
            print(child, depth + 1, out);
        }
    }
}
