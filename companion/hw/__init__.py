"""The hardware edge: buttons, displays and the laptop's keyboard and screen.

Only this package imports gpiozero and the luma drivers, and nothing here is created at
import time: every device is built from the configuration when the app starts.
"""
