"""Elastic's frames drawn by other 2D rasterizers (Cairo, Skia, Blend2D, ThorVG): scripts/compare-peers.py."""
