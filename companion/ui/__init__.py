"""Screens: they receive keys, turn them into actions or navigation, and draw.

Screens never import gpiozero or luma; they draw with a :class:`~companion.ui.paint.Painter`
on a 128×64 one-bit PIL image the app hands to the display.
"""
