"""``companion doctor``: what stands between this box and a working companion."""
