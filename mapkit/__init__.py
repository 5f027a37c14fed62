"""mapkit: read, convert, check and draw Heroscape battlefields, C3G buildings included."""

__version__ = "0.1.0"
