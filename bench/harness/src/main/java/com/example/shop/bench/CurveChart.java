package com.example.shop.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The holder-scaling curve as a PNG, drawn with the JDK's java.awt in headless mode (no charting
 * library to add): add-to-cart throughput (left axis) and add p99 (right axis) against the sku's
 * holders on a log-scale x axis. Each phase is a point at the holders it started with and a thin
 * line to the holders it ended with, since the phase's own shoppers add holders as they go.
 */
final class CurveChart {

    /** One measured phase. */
    record Point(long holdersStart, long holdersEnd, double addsPerSecond, double p99Ms) {
    }

    static final int WIDTH = 900;
    static final int HEIGHT = 520;
    private static final int LEFT = 80;
    private static final int RIGHT = 80;
    private static final int TOP = 60;
    private static final int BOTTOM = 70;
    private static final Color THROUGHPUT = new Color(0x1f77b4);
    private static final Color P99 = new Color(0xd62728);

    /** The plot area and the three scales. */
    private record Frame(double minExp, double maxExp, double maxRate, double maxP99) {

        double x(double holders) {
            double e = Math.log10(Math.max(1, holders));
            return LEFT + (e - minExp) / (maxExp - minExp) * (WIDTH - LEFT - RIGHT);
        }

        double yRate(double v) {
            return HEIGHT - BOTTOM - v / maxRate * (HEIGHT - TOP - BOTTOM);
        }

        double yP99(double v) {
            return HEIGHT - BOTTOM - v / maxP99 * (HEIGHT - TOP - BOTTOM);
        }
    }

    private CurveChart() {
    }

    /** Draws {@code points} under {@code title} into {@code png} (its directory created when missing). */
    static void write(Path png, String title, List<Point> points) throws IOException {
        System.setProperty("java.awt.headless", "true");
        BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            Frame f = frame(points);
            axes(g, f, title);
            series(g, f, points);
            legend(g);
        } finally {
            g.dispose();
        }
        if (png.getParent() != null) {
            Files.createDirectories(png.getParent());
        }
        ImageIO.write(image, "png", png.toFile());
    }

    private static Frame frame(List<Point> points) {
        double lo = points.stream().mapToLong(Point::holdersStart).filter(h -> h > 0).min().orElse(10);
        double hi = points.stream().mapToLong(p -> Math.max(p.holdersStart(), p.holdersEnd())).max().orElse(100);
        double minExp = Math.floor(Math.log10(Math.max(1, lo)));
        double maxExp = Math.max(minExp + 1, Math.ceil(Math.log10(Math.max(1, hi))));
        double maxRate = niceCeiling(points.stream().mapToDouble(Point::addsPerSecond).max().orElse(1) * 1.1);
        double maxP99 = niceCeiling(points.stream().mapToDouble(Point::p99Ms).max().orElse(1) * 1.1);
        return new Frame(minExp, maxExp, maxRate, maxP99);
    }

    /** 1, 2 or 5 times a power of ten, at least {@code v}: round numbers for the axes' top. */
    static double niceCeiling(double v) {
        if (!(v > 0)) {
            return 1;
        }
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * p >= v) {
                return m * p;
            }
        }
        return 10 * p;
    }

    private static void axes(Graphics2D g, Frame f, String title) {
        int x0 = LEFT;
        int x1 = WIDTH - RIGHT;
        int y0 = HEIGHT - BOTTOM;
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.setColor(Color.BLACK);
        g.drawString(title, LEFT, 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (int e = (int) f.minExp(); e <= (int) f.maxExp(); e++) {
            int x = (int) f.x(Math.pow(10, e));
            g.setColor(new Color(0xdddddd));
            g.drawLine(x, TOP, x, y0);
            g.setColor(Color.BLACK);
            String label = String.format(Locale.ROOT, "%,d", (long) Math.pow(10, e));
            g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, y0 + 18);
        }
        for (int i = 0; i <= 5; i++) {
            double frac = i / 5.0;
            int y = (int) (y0 - frac * (y0 - TOP));
            g.setColor(new Color(0xeeeeee));
            g.drawLine(x0, y, x1, y);
            g.setColor(THROUGHPUT);
            String rate = String.format(Locale.ROOT, "%.0f", frac * f.maxRate());
            g.drawString(rate, x0 - 8 - g.getFontMetrics().stringWidth(rate), y + 4);
            g.setColor(P99);
            g.drawString(String.format(Locale.ROOT, "%.0f", frac * f.maxP99()), x1 + 8, y + 4);
        }
        g.setColor(Color.BLACK);
        g.drawRect(x0, TOP, x1 - x0, y0 - TOP);
        g.drawString("holders of the sku (log scale)", (x0 + x1) / 2 - 80, y0 + 40);
        g.setColor(THROUGHPUT);
        g.drawString("adds/s", 10, TOP - 10);
        g.setColor(P99);
        g.drawString("add p99 ms", x1 - 20, TOP - 10);
    }

    private static void series(Graphics2D g, Frame f, List<Point> points) {
        drawLine(g, f, points, THROUGHPUT, true);
        drawLine(g, f, points, P99, false);
    }

    /** One series: its points joined, each with its start → end holders span. */
    private static void drawLine(Graphics2D g, Frame f, List<Point> points, Color color, boolean rate) {
        g.setColor(color);
        double px = Double.NaN;
        double py = Double.NaN;
        for (Point p : points) {
            double x = f.x(p.holdersStart());
            double y = rate ? f.yRate(p.addsPerSecond()) : f.yP99(p.p99Ms());
            g.setStroke(new BasicStroke(1f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {3f, 3f}, 0f));
            g.drawLine((int) x, (int) y, (int) f.x(Math.max(p.holdersStart(), p.holdersEnd())), (int) y);
            g.setStroke(new BasicStroke(2.2f));
            if (!Double.isNaN(px)) {
                g.drawLine((int) px, (int) py, (int) x, (int) y);
            }
            g.fill(rate ? new Ellipse2D.Double(x - 5, y - 5, 10, 10) : new Rectangle2D.Double(x - 4.5, y - 4.5, 9, 9));
            px = x;
            py = y;
        }
        g.setStroke(new BasicStroke(1f));
    }

    private static void legend(Graphics2D g) {
        int x = LEFT + 12;
        int y = TOP + 18;
        g.setColor(THROUGHPUT);
        g.fill(new Ellipse2D.Double(x, y - 9, 10, 10));
        g.drawString("adds/s (left)", x + 16, y);
        g.setColor(P99);
        g.fill(new Rectangle2D.Double(x + 130, y - 9, 9, 9));
        g.drawString("add p99 ms (right)", x + 146, y);
        g.setColor(Color.DARK_GRAY);
        g.drawString("dotted: holders at the phase's start → end", x + 290, y);
    }
}
