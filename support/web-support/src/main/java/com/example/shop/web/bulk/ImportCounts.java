package com.example.shop.web.bulk;

/** What a run has done so far: lines read (blank lines are not counted) and what became of them. */
public record ImportCounts(long read, long created, long updated, long unchanged, long rejected) {
}
