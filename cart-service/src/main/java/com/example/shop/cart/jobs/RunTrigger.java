package com.example.shop.cart.jobs;

import com.example.shop.web.WireName;

/** What started a job run; stored and shown in lower case. */
public enum RunTrigger implements WireName {
    /** An admin's {@code POST /admin/jobs/{job}}. */
    MANUAL,
    /** The service's own schedule ({@code cart.*.every}). */
    SCHEDULED,
    /** Work appeared: an event appended ({@code send-webhooks}). */
    EVENT;
}
