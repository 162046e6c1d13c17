/// `--tempo-scale`: the pace a score is played along with, as a share of its own tempo.
public enum PlayAlongPace {
    public static let spec = ParameterSpec(name: "tempo-scale", defaultValue: 1, range: 0.5...1.5, unit: "",
                                           help: "with --play-along: play the score at this share of its tempo "
                                               + "(0.5 half as fast)")
}
