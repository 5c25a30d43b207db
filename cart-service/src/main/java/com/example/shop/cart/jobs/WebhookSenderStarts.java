package com.example.shop.cart.jobs;

import com.example.shop.cart.webhooks.SenderStarts;
import jakarta.inject.Singleton;

/** The webhook sender's runs, started as any job's: under the job's lease, recorded, with trigger {@code event}. */
@Singleton
public record WebhookSenderStarts(JobRunner runner) implements SenderStarts {

    @Override
    public void start() {
        runner.start(JobName.SEND_WEBHOOKS, RunTrigger.EVENT);
    }
}
