package com.example.shop.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The holder curve drawn headless into a PNG, and the scales behind it. */
class CurveChartTest {

    @Test
    void drawsBothSeriesIntoAPng(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("sub/holders.png");
        CurveChart.write(png, "test curve", List.of(new CurveChart.Point(100, 2_000, 300, 40), new CurveChart.Point(1_000, 3_000, 280, 45),
                new CurveChart.Point(10_000, 12_000, 250, 60), new CurveChart.Point(50_000, 52_000, 220, 80)));
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(CurveChart.WIDTH, image.getWidth());
        assertEquals(CurveChart.HEIGHT, image.getHeight());
        assertTrue(count(image, 0x1f77b4) > 50, "the throughput series is drawn");
        assertTrue(count(image, 0xd62728) > 50, "the p99 series is drawn");
    }

    @Test
    void oneMeasuredPointIsStillAChart(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("one.png");
        CurveChart.write(png, "one level", List.of(new CurveChart.Point(100, 100, 0, 0)));
        assertEquals(CurveChart.WIDTH, ImageIO.read(png.toFile()).getWidth());
    }

    @Test
    void axisTopsAreRoundNumbers() {
        assertEquals(1, CurveChart.niceCeiling(0));
        assertEquals(2, CurveChart.niceCeiling(1.5));
        assertEquals(500, CurveChart.niceCeiling(330));
        assertEquals(1000, CurveChart.niceCeiling(501));
        assertEquals(100, CurveChart.niceCeiling(100));
    }

    @Test
    void levelsAreReadFromSpacesOrCommas() {
        assertEquals(List.of(100, 1000, 10000, 50000), HolderCurve.levels(" 100 1000,10000  50000 "));
    }

    private static int count(BufferedImage image, int rgb) {
        int n = 0;
        for (int x = 0; x < image.getWidth(); x++) {
            for (int y = 0; y < image.getHeight(); y++) {
                if ((image.getRGB(x, y) & 0xffffff) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }
}
