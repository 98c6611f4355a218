"""Finished games read back: stats, records, detail sentences, exports."""
