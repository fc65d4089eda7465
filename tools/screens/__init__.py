"""The app's screens, driven by the headless simulator: the walk of every screen of every game
and the README screenshots."""
