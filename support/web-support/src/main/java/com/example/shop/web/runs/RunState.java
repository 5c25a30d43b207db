package com.example.shop.web.runs;

import com.example.shop.web.WireName;

/** Where a run (an import, an index build, a job) is; stored and shown as its lower-case name. */
public enum RunState implements WireName {
    RUNNING, SUCCEEDED, FAILED;
}
