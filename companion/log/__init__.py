"""The action log: one SQLite file, opened, migrated, salvaged and backed up."""
