"""The phone page: the box's own web page on the table's network (``companion web``).

A second process, beside the box's, reads and writes the same log through the same store
code. Only a phone paired at the table (:mod:`~companion.pairing.codes`) sees anything;
every write carries a CSRF token. Nothing is fetched from the internet: the page's one
style sheet and one script are in ``static/``.
"""
