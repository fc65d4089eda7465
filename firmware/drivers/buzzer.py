"""A passive piezo on a PWM pin. The app's cues (firmware.power) use tone(freq_hz, duty) and
off(): the frame loop starts the tone and stops it at a later frame, so no frame waits and no
timer is needed. beep(freq_hz, ms) starts a tone and a one-shot timer ends it."""


class Buzzer:
    def __init__(self, pwm, machine):
        self.pwm = pwm
        self.machine = machine
        self.timer = None
        pwm.duty_u16(0)

    def _off(self, t=None):
        self.pwm.duty_u16(0)

    def tone(self, freq_hz, duty=32768):
        """Start a square wave of freq_hz at duty (0..65535; louder up to half); off() ends it."""
        self.pwm.freq(int(freq_hz))
        self.pwm.duty_u16(duty)

    def off(self):
        self.pwm.duty_u16(0)

    def beep(self, freq_hz, ms):
        if freq_hz <= 0 or ms <= 0:
            self._off()
            return
        self.pwm.freq(int(freq_hz))
        self.pwm.duty_u16(32768)
        try:
            if self.timer is None:
                self.timer = self.machine.Timer()
            self.timer.init(mode=self.machine.Timer.ONE_SHOT, period=int(ms), callback=self._off)
        except (AttributeError, ValueError, OSError):
            self._off()
