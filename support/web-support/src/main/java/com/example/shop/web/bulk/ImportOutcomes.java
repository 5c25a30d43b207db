package com.example.shop.web.bulk;

import com.example.shop.problems.Problem;

/** Where an importer records what became of each line of a batch: exactly one call per line. */
public interface ImportOutcomes {

    void created(ImportLine<?> line);

    void updated(ImportLine<?> line);

    /** The item exists and the line would change nothing: nothing is written. */
    void unchanged(ImportLine<?> line);

    void rejected(ImportLine<?> line, Problem problem);
}
