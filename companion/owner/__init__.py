"""The owner's command line: companion run|roll|history|players|doctor|install-service|..."""
