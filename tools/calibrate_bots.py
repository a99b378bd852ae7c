"""``python -m tools.calibrate_bots [NAME ...]``: refit the bots' hand-evaluation models by
simulation and print the entries of ``MODELS`` and ``PRESET_SIGNATURES`` in
:mod:`game.bots.handeval` (see :mod:`game.bots.calibrate`), to paste there."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from game.bots.calibrate import fit
from game.bots.handeval import MODELS, Model, signature
from game.bots.handmodel import FEATURES


def main(argv: Sequence[str] | None = None) -> int:
    from game.store.content import load_preset, preset_names

    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("presets", nargs="*", metavar="NAME",
                   help="the auction presets to fit (default: every one)")
    p.add_argument("--deals", type=int, default=5000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    auction = [n for n in preset_names() if not load_preset(n).stock.enabled]
    for name in args.presets:
        if name not in auction:
            p.error(f"{name!r} is no auction preset: no models to fit (choose from: "
                    f"{', '.join(auction)})")
    names = args.presets or auction
    print("# features:", ", ".join(FEATURES))
    for name in names:
        # The widow's discards are valued by the model in use, as the bots value them.
        current = MODELS[name][1] if name in MODELS else None
        bid, play = fit(load_preset(name), args.deals, args.seed, current)
        print(f"    {name!r}: (")
        # The bid margin is measured with matches, not fitted: keep the one in use.
        margin = MODELS[name][0].margin if name in MODELS else Model.margin
        for m, extra in ((bid, f", margin={margin}" if margin != Model.margin else ""), (play, "")):
            print(f"        Model({m.coef!r},")
            print(f"              sd={m.sd}, partner_meld={m.partner_meld}, "
                  f"tricks_mean={m.tricks_mean}{extra}),")
        print("    ),")
    print("# PRESET_SIGNATURES: the rules each model was fitted on")
    for name in names:
        print(f"    {name!r}: {signature(load_preset(name))!r},")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
