"""The overlay's parameters: which part of a hex counts, and the two disc sizes that decide a class.

Every parameter carries its source. The wound-marker diameter has no published or measured
value (physical-and-rules §2.4), so its default is an assumption and every output says so.
"""

from __future__ import annotations

from typing import Any

from mapkit.errors import OptionError
from mapkit.model.grid import HEX_PITCH_MM
from mapkit.records import Record
from mapkit.wording import option

#: Flat-to-flat width of the raised top ("cap") of a land tile, from a community replica STL
#: (physical-and-rules §1.2: 37.2-37.6 mm, rounded corners; uncertain).
CAP_FLAT_MM = 37.4
#: Standard single base, bottom diameter (physical-and-rules §2.1, measured by hand).
BASE_DIAMETER_MM = 33.0
#: Official Wound Marker diameter: UNKNOWN. Assumed value, see MARKER_REASONING (its `{marker_diameter}` names the parameter).
MARKER_DIAMETER_MM = 19.0
MARKER_REASONING = (
    "no published or measured diameter of the official Heroscape Wound Marker exists; "
    "C3G's Half Hex definition only requires it to be smaller than a "
    "figure's base (30-33 mm); 19 mm (3/4 in) is a common size for round game counters. "
    "Measure a real marker and pass {marker_diameter}."
)
HEX_REGIONS = {
    "cell": (HEX_PITCH_MM, "measured", "the 44.45 mm (1.75 in) grid cell between neighbouring hex centres"),
    "cap": (CAP_FLAT_MM, "measured", "the ~37.4 mm raised top of a land tile, measured on a community replica; uncertain"),
}
#: Tolerances: an overlap or opening thinner than EPS_EDGE mm is none (rounding noise of turned
#: footprints); a disc that fits to within EPS_FIT mm fits. EPS_AREA mm² is "no area" for rules.
EPS_EDGE = 1e-6
EPS_FIT = 1e-6
EPS_AREA = 1e-6


class OverlayParams(Record, frozen=True):
    """hex region (cell | cap), base and wound-marker diameters in mm, and where each came from."""

    hex_region: str = "cell"
    base_diameter: float = BASE_DIAMETER_MM
    marker_diameter: float = MARKER_DIAMETER_MM
    base_source: str = "measured"
    marker_source: str = "assumed"

    def __post_init__(self) -> None:
        if self.hex_region not in HEX_REGIONS:
            raise OptionError(f"hex region must be one of {', '.join(HEX_REGIONS)}, not {self.hex_region!r}",
                              option="hex_region", choices=tuple(HEX_REGIONS))
        if not (0 < self.marker_diameter and 0 < self.base_diameter):
            raise OptionError("disc diameters must be positive")
        if self.marker_diameter >= self.base_diameter:
            # Otherwise no hex could be Half, and hexes where the base fits but the marker does not
            # would come out Partial.
            raise OptionError(f"the wound-marker diameter ({self.marker_diameter:g} mm) must be smaller than the "
                              f"base diameter ({self.base_diameter:g} mm): a Half hex holds a marker but not a base")

    @classmethod
    def from_options(cls, hex_region: str | None = None, base_diameter: float | None = None,
                     marker_diameter: float | None = None) -> "OverlayParams":
        """Defaults, with any value given by the user marked as `given`."""
        kw: dict[str, Any] = {}
        if hex_region is not None:
            kw["hex_region"] = hex_region
        if base_diameter is not None:
            kw.update(base_diameter=float(base_diameter), base_source="given")
        if marker_diameter is not None:
            kw.update(marker_diameter=float(marker_diameter), marker_source="given")
        return cls(**kw)

    @classmethod
    def of(cls, given: Any) -> "OverlayParams":
        """The measures a verb is given: an OverlayParams, a mapping of `from_options` keywords
        (hex_region, base_diameter, marker_diameter), or None for the defaults; OptionError for
        anything else."""
        if given is None:
            return cls()
        if isinstance(given, cls):
            return given
        if hasattr(given, "items") and set(given) <= {"hex_region", "base_diameter", "marker_diameter"}:
            try:
                return cls.from_options(**given)
            except ValueError as exc:  # (a diameter that is no number; an OptionError is one too)
                raise exc if isinstance(exc, OptionError) else OptionError(str(exc)) from None
        raise OptionError(f"overlay measures: an OverlayParams or a mapping of hex_region, base_diameter and "
                          f"marker_diameter, not {type(given).__name__}")

    @property
    def region_flat_mm(self) -> float:
        """Flat-to-flat width of the hexagon that counts as one hex."""
        return HEX_REGIONS[self.hex_region][0]

    @property
    def assumed(self) -> list[str]:
        """Names of the parameters whose values are assumptions."""
        out = [name for name, src in (("base_diameter", self.base_source), ("marker_diameter", self.marker_source))
               if src == "assumed"]
        return out

    def describe(self) -> dict[str, Any]:
        """Every parameter with its value, source and reasoning: what each output prints."""
        flat, src, note = HEX_REGIONS[self.hex_region]
        marker_note = (MARKER_REASONING.format(marker_diameter=option("marker_diameter"))
                       if self.marker_source == "assumed" else "given by the user; no published measurement exists")
        return {
            "hex_region": {"value": self.hex_region, "flat_to_flat_mm": flat, "source": src, "note": note},
            "base_diameter": {"value": self.base_diameter, "unit": "mm", "source": self.base_source,
                              "note": "standard single base, bottom diameter (sethpollen's figure-base drawing, scape/figure_base.scad)"
                              if self.base_source == "measured" else "given by the user"},
            "marker_diameter": {"value": self.marker_diameter, "unit": "mm", "source": self.marker_source,
                                "note": marker_note},
            "assumed": self.assumed,
        }

    def legend_line(self) -> str:
        """One line for pictures and text output."""
        tag = " (ASSUMED)" if self.marker_source == "assumed" else ""
        return (f"hex region {self.hex_region} ({self.region_flat_mm:g} mm); base diameter {self.base_diameter:g} mm "
                f"({self.base_source}); wound-marker diameter {self.marker_diameter:g} mm{tag}")
