package com.example.shop.category.support;

import com.example.shop.category.tree.Checkpoints;
import com.example.shop.category.tree.InterruptedOperation;
import com.example.shop.category.tree.MoveStep;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Test-only replacement of the production {@code NoCheckpoints}: a test arms it to make the next
 * change stop dead at a step, as if the process had been killed there.
 */
@ApplicationScoped
public class ArmedCheckpoints implements Checkpoints {

    private volatile MoveStep armed;

    public void arm(MoveStep step) {
        armed = step;
    }

    public void disarm() {
        armed = null;
    }

    @Override
    public void reached(MoveStep step) {
        if (step == armed) {
            armed = null;
            throw new InterruptedOperation(step);
        }
    }
}
