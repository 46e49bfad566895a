"""Write zh-Hant.yaml from zh-Hans.yaml: OpenCC `s2tw` (Simplified to Taiwan Traditional), then the
card game's Traditional terms where the conversion writes another character (`TERMS`).

    python -m ptcg_asp.tell.make_zh_hant      # needs OpenCC: pip install 'ptcg-asp[zh]'

tests/test_wording.py checks that the committed zh-Hant.yaml is what this writes (when OpenCC is
installed), so the two tables never drift apart.
"""
from __future__ import annotations

import os
import re
import sys

HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data", "lang")
# The Traditional Chinese card texts' own spelling where s2tw writes another form.
TERMS = (("麻痹", "麻痺"), ("棱镜", "稜鏡"), ("棱鏡", "稜鏡"))
# The measure word for Pokémon after a number ("5只宝可梦", "第{n}只"): 隻 in Traditional script, where s2tw keeps 只
# (which there means "only"; "只有" is left as it is).
MEASURE = re.compile(r"([0-9}])只(?!有)")


def convert(simplified: str) -> str:
    import opencc
    out = opencc.OpenCC("s2tw").convert(simplified)
    for a, b in TERMS:
        out = out.replace(a, b)
    out = MEASURE.sub(r"\1隻", out)
    out = out.replace("lang: zh-Hans", "lang: zh-Hant").replace("# 簡體中文:", "# 繁體中文:")
    return ("# Generated from zh-Hans.yaml by ptcg_asp/tell/make_zh_hant.py (OpenCC s2tw and the card terms in\n"
            "# its TERMS); do not edit by hand: edit zh-Hans.yaml and run it again.\n" + out)


def main() -> int:
    with open(os.path.join(HERE, "zh-Hans.yaml"), encoding="utf-8") as fh:
        text = convert(fh.read())
    with open(os.path.join(HERE, "zh-Hant.yaml"), "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
