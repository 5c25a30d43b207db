package com.example.shop.web.seams;

/** A named point in a multi-step operation where a test can step in: each service's points are an enum of these. */
public interface Seam {

    String name();
}
