"""The application layer: pipelines that compose the layers below into what a user asks for.

`mapkit.api` (re-exported as `mapkit.read`, `mapkit.validate`, ...) is its front; the commands
in `mapkit.cli` parse arguments and call it.
"""
