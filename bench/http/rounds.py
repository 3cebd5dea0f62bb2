"""What the bench scripts that run rounds (paired.sh, floor-rounds.sh) print of per-round ratios:
the median and the quartiles, each quartile a round's own value (the one a quarter and three
quarters of the way up), so that every script's figures are read the same way."""
import statistics


def spread(values):
    """The median, lower quartile and upper quartile of `values`."""
    values = sorted(values)
    return statistics.median(values), values[len(values) // 4], values[(3 * len(values)) // 4]


def spread_text(values):
    """`spread` as printed: "0.961 (quartiles 0.944-1.065)"."""
    median, low, high = spread(values)
    return f"{median:.3f} (quartiles {low:.3f}-{high:.3f})"
