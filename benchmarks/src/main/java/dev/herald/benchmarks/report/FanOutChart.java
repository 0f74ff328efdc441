package dev.herald.benchmarks.report;

import java.awt.BasicStroke;
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
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.imageio.ImageIO;

/**
 * Draws the fan-out scenario from JMH's JSON as a PNG: ns per post (log scale) against the number
 * of subscribers, one line per bus.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.herald.benchmarks.report.FanOutChart results.json benchmarks/fanout.png
 * </pre>
 */
public final class FanOutChart {
  private static final int WIDTH = 960;
  private static final int HEIGHT = 600;
  private static final int LEFT = 80;
  private static final int RIGHT = 230;
  private static final int TOP = 60;
  private static final int BOTTOM = 70;

  private static final List<String> ORDER =
      List.of(
          "herald",
          "handLoop",
          "rxjava",
          "greenrobotNoInheritance",
          "greenrobot",
          "otto",
          "guava",
          "mbassador");
  private static final Color[] COLORS = {
    new Color(0xD62728), new Color(0x555555), new Color(0x9467BD), new Color(0x17BECF),
    new Color(0x1F77B4), new Color(0xFF7F0E), new Color(0x2CA02C), new Color(0x8C564B),
  };

  private FanOutChart() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: FanOutChart results.json chart.png");
      System.exit(2);
    }
    System.setProperty("java.awt.headless", "true");
    Map<String, Map<Integer, Double>> series =
        new TreeMap<>(
            (a, b) ->
                Integer.compare(rank(a), rank(b)) != 0
                    ? Integer.compare(rank(a), rank(b))
                    : a.compareTo(b));
    TreeSet<Integer> counts = new TreeSet<>();
    for (Result result : Result.read(Path.of(args[0]))) {
      if (!result.scenario().equals("FanOut") || !result.params().startsWith("subscribers=")) {
        continue;
      }
      int subscribers = Integer.parseInt(result.params().substring("subscribers=".length()));
      counts.add(subscribers);
      series.computeIfAbsent(result.bus(), k -> new TreeMap<>()).put(subscribers, result.score());
    }
    if (series.isEmpty()) {
      System.err.println("No FanOutBenchmark results in " + args[0]);
      System.exit(1);
    }
    BufferedImage image = draw(series, new ArrayList<>(counts));
    Path out = Path.of(args[1]);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    ImageIO.write(image, "png", out.toFile());
    System.out.println("Wrote " + out);
  }

  private static BufferedImage draw(
      Map<String, Map<Integer, Double>> series, List<Integer> counts) {
    double min = Double.MAX_VALUE;
    double max = 0;
    for (Map<Integer, Double> line : series.values()) {
      for (double value : line.values()) {
        if (value > 0) {
          min = Math.min(min, value);
          max = Math.max(max, value);
        }
      }
    }
    int lowDecade = (int) Math.floor(Math.log10(min));
    int highDecade = (int) Math.ceil(Math.log10(max));
    if (highDecade == lowDecade) {
      highDecade++;
    }

    BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, WIDTH, HEIGHT);
    int plotWidth = WIDTH - LEFT - RIGHT;
    int plotHeight = HEIGHT - TOP - BOTTOM;

    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
    g.drawString("Fan-out: time per post by number of subscribers", LEFT, 32);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));

    // Horizontal grid at each power of ten, with 2x and 5x minor lines.
    for (int decade = lowDecade; decade <= highDecade; decade++) {
      for (int factor : new int[] {1, 2, 5}) {
        double value = factor * Math.pow(10, decade);
        if (value > Math.pow(10, highDecade)) {
          continue;
        }
        int y = y(value, lowDecade, highDecade, plotHeight);
        g.setColor(factor == 1 ? new Color(0xCCCCCC) : new Color(0xEEEEEE));
        g.drawLine(LEFT, y, LEFT + plotWidth, y);
        if (factor == 1) {
          g.setColor(Color.DARK_GRAY);
          String label = formatNs(value);
          g.drawString(label, LEFT - 10 - g.getFontMetrics().stringWidth(label), y + 5);
        }
      }
    }
    g.setColor(Color.BLACK);
    g.drawRect(LEFT, TOP, plotWidth, plotHeight);
    for (int i = 0; i < counts.size(); i++) {
      int x = x(i, counts.size(), plotWidth);
      String label = String.valueOf(counts.get(i));
      g.drawLine(x, TOP + plotHeight, x, TOP + plotHeight + 5);
      g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, TOP + plotHeight + 22);
    }
    g.drawString("subscribers", LEFT + plotWidth / 2 - 35, HEIGHT - 22);
    Graphics2D rotated = (Graphics2D) g.create();
    rotated.rotate(-Math.PI / 2);
    rotated.drawString("ns per post (log scale)", -(TOP + plotHeight / 2 + 70), 22);
    rotated.dispose();

    int legendY = TOP + 10;
    int index = 0;
    for (Map.Entry<String, Map<Integer, Double>> entry : series.entrySet()) {
      Color color = COLORS[index++ % COLORS.length];
      boolean herald = entry.getKey().equals("herald");
      g.setColor(color);
      g.setStroke(new BasicStroke(herald ? 3.5f : 2f));
      int previousX = -1;
      int previousY = -1;
      for (int i = 0; i < counts.size(); i++) {
        Double value = entry.getValue().get(counts.get(i));
        if (value == null || value <= 0) {
          previousX = -1;
          continue;
        }
        int x = x(i, counts.size(), plotWidth);
        int y = y(value, lowDecade, highDecade, plotHeight);
        g.fillOval(x - 4, y - 4, 8, 8);
        if (previousX >= 0) {
          g.drawLine(previousX, previousY, x, y);
        }
        previousX = x;
        previousY = y;
      }
      g.drawLine(WIDTH - RIGHT + 20, legendY, WIDTH - RIGHT + 50, legendY);
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, herald ? Font.BOLD : Font.PLAIN, 13));
      g.drawString(label(entry.getKey()), WIDTH - RIGHT + 58, legendY + 5);
      legendY += 24;
    }
    g.dispose();
    return image;
  }

  private static int x(int index, int count, int plotWidth) {
    int margin = 40;
    return LEFT + margin + (count == 1 ? 0 : index * (plotWidth - 2 * margin) / (count - 1));
  }

  private static int y(double value, int lowDecade, int highDecade, int plotHeight) {
    double fraction = (Math.log10(value) - lowDecade) / (highDecade - lowDecade);
    return TOP + plotHeight - (int) Math.round(fraction * plotHeight);
  }

  private static String formatNs(double value) {
    if (value >= 1000) {
      return String.format(Locale.ROOT, "%.0f µs", value / 1000);
    }
    return String.format(Locale.ROOT, value < 1 ? "%.1f ns" : "%.0f ns", value);
  }

  private static String label(String bus) {
    switch (bus) {
      case "herald":
        return "Herald";
      case "handLoop":
        return "hand-written loop";
      case "guava":
        return "Guava EventBus";
      case "greenrobot":
        return "greenrobot";
      case "greenrobotNoInheritance":
        return "greenrobot, no inheritance";
      case "mbassador":
        return "MBassador";
      case "otto":
        return "Otto";
      case "rxjava":
        return "RxJava PublishSubject";
      default:
        return bus;
    }
  }

  private static int rank(String bus) {
    int rank = ORDER.indexOf(bus);
    return rank < 0 ? ORDER.size() : rank;
  }
}
