package io.stagebench.output;

import static io.stagebench.output.HtmlReport.esc;

import io.stagebench.result.ProfileStacks;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A flame graph as one self-contained page (an SVG, no script), of a profile or of B's against A's. Each frame is as
 * wide as its cost a message (itself and its callees); in a differential graph, the two sides averaged, so a frame that
 * vanished or appeared still shows, red where its cost grew in B and blue where it shrank, the deeper the colour the
 * larger the move against the largest one. Drawn from the top, the outermost frame first (an icicle), so the measured
 * code is in view before the deep stacks of the kernel's; callees in the order of their names. Hovering a frame shows
 * its cost.
 */
public final class FlameGraphPage {

    private static final int WIDTH_PX = 1200;
    private static final int ROW_PX = 17;
    private static final double MIN_WIDTH_PX = 0.5;
    private static final int CHAR_PX = 7;

    private FlameGraphPage() {}

    /** A frame of the merged tree: its cost a message on each side, itself and its callees. */
    private static final class Node {
        final String name;
        double a;
        double b;
        final Map<String, Node> children = new TreeMap<>();

        Node(String name) {
            this.name = name;
        }

        double width() {
            return (a + b) / 2;
        }
    }

    /**
     * @param title the page's title, e.g. "encode (--prof cpu, every fork)"
     * @param profile the profile
     * @return its flame graph, in warm colours by frame
     */
    public static String of(String title, ProfileStacks profile) {
        Node root = new Node("all");
        add(root, profile.stacks(), true);
        add(root, profile.stacks(), false);
        return page(
                title,
                root,
                false,
                0,
                profile.unit(),
                "Width: a frame's cost a message, itself and its callees; all "
                        + ProfileLines.amount(root.b, profile.unit()) + " a message. Hover a frame for its cost.");
    }

    /**
     * @param title the page's title, e.g. "encode: B against A (--prof cpu)"
     * @param a A's profile
     * @param b B's profile, in the same unit
     * @return the differential graph
     */
    public static String differential(String title, ProfileStacks a, ProfileStacks b) {
        Node root = new Node("all");
        add(root, a.stacks(), true);
        add(root, b.stacks(), false);
        double largestMove = largestMove(root, 0);
        return page(
                title,
                root,
                true,
                largestMove,
                b.unit(),
                "Width: a frame's cost a message (itself and its callees), A and B averaged. Colour: <span"
                        + " style=\"color:#c00\">red</span> grew in B, <span style=\"color:#00c\">blue</span> shrank,"
                        + " the deeper the larger the move against the largest ("
                        + esc(ProfileLines.amount(largestMove, b.unit())) + "). All: A "
                        + esc(ProfileLines.amount(root.a, b.unit())) + ", B "
                        + esc(ProfileLines.amount(root.b, b.unit())) + " a message. Hover a frame for both sides.");
    }

    /** @param largestMove the largest move of a differential graph */
    private static String page(
            String title, Node root, boolean differential, double largestMove, String unit, String legendHtml) {
        int depth = depth(root);
        StringBuilder svg = new StringBuilder();
        double pxPerUnit = root.width() > 0 ? WIDTH_PX / root.width() : 0;
        draw(svg, root, 0, 0, new Scale(differential, pxPerUnit, largestMove, unit, root.width()));
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title>\n"
                + "<style>body{font:13px sans-serif;margin:12px} text{font:11px monospace;pointer-events:none}"
                + " rect{stroke:#fff;stroke-width:0.5}</style></head><body>\n"
                + "<h3>" + esc(title) + "</h3>\n<p>" + legendHtml + "</p>\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + WIDTH_PX + "\" height=\""
                + (depth + 1) * ROW_PX + "\">\n" + svg + "</svg>\n</body></html>\n";
    }

    private static void add(Node root, Map<String, Double> stacks, boolean sideA) {
        stacks.forEach((stack, cost) -> {
            Node node = root;
            addCost(node, cost, sideA);
            for (String frame : stack.split(";")) {
                node = node.children.computeIfAbsent(frame, Node::new);
                addCost(node, cost, sideA);
            }
        });
    }

    private static void addCost(Node node, double cost, boolean sideA) {
        if (sideA) {
            node.a += cost;
        } else {
            node.b += cost;
        }
    }

    private static double largestMove(Node node, double largest) {
        double most = Math.max(largest, Math.abs(node.b - node.a));
        for (Node child : node.children.values()) {
            most = largestMove(child, most);
        }
        return most;
    }

    private static int depth(Node node) {
        int deepest = 0;
        for (Node child : node.children.values()) {
            deepest = Math.max(deepest, 1 + depth(child));
        }
        return deepest;
    }

    /** Draws {@code n} at {@code x} px on row {@code level} (the root at the top), then its callees below it. */
    private static void draw(StringBuilder svg, Node n, double x, int level, Scale scale) {
        double w = n.width() * scale.pxPerUnit();
        if (w < MIN_WIDTH_PX) {
            return;
        }
        double y = level * ROW_PX;
        String cost = scale.differential()
                ? String.format(
                        Locale.ROOT,
                        "A %s, B %s a message (%s)",
                        ProfileLines.amount(n.a, scale.unit()),
                        ProfileLines.amount(n.b, scale.unit()),
                        ProfileLines.signed(n.b - n.a, scale.unit()))
                : String.format(
                        Locale.ROOT,
                        "%s a message, %.1f%%",
                        ProfileLines.amount(n.b, scale.unit()),
                        100 * n.b / scale.total());
        svg.append(String.format(
                Locale.ROOT,
                "<g><title>%s&#10;%s</title>"
                        + "<rect x=\"%.1f\" y=\"%.0f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>",
                esc(n.name),
                esc(cost),
                x,
                y,
                w,
                ROW_PX - 1,
                scale.differential() ? colour(n.b - n.a, scale.largestMove()) : warm(n.name)));
        int chars = (int) ((w - 4) / CHAR_PX);
        if (chars >= 3) {
            String label = ProfileLines.shortName(n.name);
            label = label.length() <= chars ? label : label.substring(0, chars - 2) + "..";
            svg.append(String.format(
                    Locale.ROOT, "<text x=\"%.1f\" y=\"%.0f\">%s</text>", x + 2, y + ROW_PX - 5, esc(label)));
        }
        svg.append("</g>\n");
        double childX = x;
        for (Node child : n.children.values()) {
            draw(svg, child, childX, level + 1, scale);
            childX += child.width() * scale.pxPerUnit();
        }
    }

    /** How the graph maps costs to pixels and colours. */
    private record Scale(boolean differential, double pxPerUnit, double largestMove, String unit, double total) {}

    /** @return a warm colour of the classic flame graph's range, the same for a frame's name on every page */
    static String warm(String frame) {
        int hash = frame.hashCode();
        return String.format(
                Locale.ROOT, "rgb(%d,%d,%d)", 205 + Math.floorMod(hash, 50), Math.floorMod(hash >> 8, 230), 55);
    }

    /** @return white for no move, deepening to red (grew) or blue (shrank) at the largest move */
    static String colour(double move, double largest) {
        double depth = largest > 0 ? Math.min(1, Math.abs(move) / largest) : 0;
        int fade = (int) Math.round(255 * (1 - 0.85 * depth));
        return move >= 0
                ? String.format(Locale.ROOT, "rgb(255,%d,%d)", fade, fade)
                : String.format(Locale.ROOT, "rgb(%d,%d,255)", fade, fade);
    }
}
