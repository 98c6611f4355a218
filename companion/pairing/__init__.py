"""Pairing a phone with the box, shared by both front ends: the box's *Phone* screen
makes the code and shows the address (:mod:`companion.shell.phone`), the page takes the
code and signs the cookie (:mod:`companion.web`). ``codes``: the one-time code, the
cookie, the CSRF token; ``address``: where phones find the page and who may ask."""
