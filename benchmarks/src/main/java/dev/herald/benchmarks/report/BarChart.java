package dev.herald.benchmarks.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * Draws a horizontal bar chart on a log scale as a PNG, for figures that come from a benchmark's
 * printed summary rather than JMH's JSON (the networked bus beside KryoNet). Bars whose label
 * starts with "Herald" are drawn in Herald's colour.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.herald.benchmarks.report.BarChart chart.png \
 *     "One way over loopback" "messages/s" "Herald UDP, 0 % loss=5495597" "KryoNet TCP, 0 % loss=217779"
 * </pre>
 */
public final class BarChart {
  private static final int WIDTH = 960;
  private static final int LEFT = 260;
  private static final int RIGHT = 140;
  private static final int TOP = 60;
  private static final int BOTTOM = 60;
  private static final int BAR = 26;
  private static final int GAP = 14;
  private static final Color HERALD = new Color(0xD62728);
  private static final Color PEER = new Color(0x1F77B4);

  private BarChart() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 4) {
      System.err.println("usage: BarChart chart.png title unit label=value...");
      System.exit(2);
    }
    System.setProperty("java.awt.headless", "true");
    List<String> labels = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    for (int i = 3; i < args.length; i++) {
      int equals = args[i].lastIndexOf('=');
      if (equals <= 0) {
        System.err.println("not label=value: " + args[i]);
        System.exit(2);
      }
      labels.add(args[i].substring(0, equals));
      values.add(Double.parseDouble(args[i].substring(equals + 1)));
    }
    Path out = Path.of(args[0]);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    ImageIO.write(draw(args[1], args[2], labels, values), "png", out.toFile());
    System.out.println("Wrote " + out);
  }

  private static BufferedImage draw(
      String title, String unit, List<String> labels, List<Double> values) {
    double min = Double.MAX_VALUE;
    double max = 0;
    for (double value : values) {
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    int lowDecade = (int) Math.floor(Math.log10(min));
    int highDecade = Math.max(lowDecade + 1, (int) Math.ceil(Math.log10(max)));
    int height = TOP + BOTTOM + labels.size() * (BAR + GAP);
    int plotWidth = WIDTH - LEFT - RIGHT;

    BufferedImage image = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, WIDTH, height);
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
    g.drawString(title, 20, 32);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));

    int plotBottom = height - BOTTOM;
    for (int decade = lowDecade; decade <= highDecade; decade++) {
      int x = x(Math.pow(10, decade), lowDecade, highDecade, plotWidth);
      g.setColor(new Color(0xCCCCCC));
      g.drawLine(x, TOP - 6, x, plotBottom);
      g.setColor(Color.DARK_GRAY);
      String label = format(Math.pow(10, decade));
      g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, plotBottom + 20);
    }
    String axis = unit + " (log scale)";
    g.drawString(
        axis, LEFT + plotWidth / 2 - g.getFontMetrics().stringWidth(axis) / 2, height - 14);

    for (int i = 0; i < labels.size(); i++) {
      int y = TOP + i * (BAR + GAP);
      boolean herald = labels.get(i).startsWith("Herald");
      int end = x(values.get(i), lowDecade, highDecade, plotWidth);
      g.setColor(herald ? HERALD : PEER);
      g.fillRect(LEFT, y, Math.max(1, end - LEFT), BAR);
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, herald ? Font.BOLD : Font.PLAIN, 13));
      String label = labels.get(i);
      g.drawString(label, LEFT - 10 - g.getFontMetrics().stringWidth(label), y + BAR / 2 + 5);
      g.drawString(format(values.get(i)), end + 6, y + BAR / 2 + 5);
    }
    g.dispose();
    return image;
  }

  private static int x(double value, int lowDecade, int highDecade, int plotWidth) {
    double fraction = (Math.log10(value) - lowDecade) / (highDecade - lowDecade);
    return LEFT + (int) Math.round(fraction * plotWidth);
  }

  private static String format(double value) {
    if (value >= 1_000_000) {
      return String.format(Locale.ROOT, "%.1f M", value / 1_000_000);
    }
    if (value >= 1_000) {
      return String.format(Locale.ROOT, "%.0f k", value / 1_000);
    }
    return String.format(Locale.ROOT, "%.0f", value);
  }
}
