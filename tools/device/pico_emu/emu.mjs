// An emulated Raspberry Pi Pico for the console's device tests and benchmarks.
//
// rp2040js runs the RP2040 boot ROM and a stock MicroPython UF2 (plus the console's littlefs image,
// as `make uf2` combines them). Around the chip this file models what a Pico board adds:
//   - the QSPI flash's erase/program (rp2040js leaves flash unchanged; the ROM routines
//     flash_range_erase / flash_range_program are caught at their entry and carried out here, with
//     W25Q16JV timings), and a power cut in the middle of one of them;
//   - the panel: every byte the board's SPI sends while CS is low, tagged command or data by DC,
//     appended to a stream file in tools/device/panel_decode.py's record format; the SPI takes its real
//     time per byte at the programmed baud rate;
//   - the buttons: GPIO inputs held high (pull-ups) and pulled low while pressed; or, for a
//     board whose keys sit behind a keyboard controller on I2C (config keyboard: the PicoCalc's
//     STM32), that controller: register 0x09 pops a key event (state 1 pressed / 3 released,
//     key code; 0, 0 when none waits), register 0x0B gives the battery in percent;
//   - the USB serial console (CDC) in both directions (the host sends only when it has bytes);
//   - the supply: VSYS/3 on ADC channel 3 (GPIO29), or the board's own cell divider on its own
//     channel (config battery_channel, battery_divider: the PicoSystem's cell/3 on ADC0), 4.0 V
//     (a charged cell) until set, and VBUS sense on GPIO24, low (no USB power) until set.
// Time is emulated: nanoseconds of a 125 MHz core, whatever the host's speed.
//
// Driven by tools/device/pico_emu/device.py over stdin/stdout, one JSON object a line each way:
//   {"op":"run","ms":N}                      run N emulated ms
//   {"op":"until","text":"...","ms":N}       run until the serial console printed text (or N ms)
//   {"op":"press","key":K} / {"op":"release","key":K}
//   {"op":"serial","data":"..."}             type on the USB console
//   {"op":"cut","after_ops":N,"fraction":F}  power cut during the Nth flash operation from now
//   {"op":"reboot"}                          power on again with the flash as it is
//   {"op":"save_flash","path":P}             the 2 MB flash as a file
//   {"op":"vsys","volts":V}                  the supply (or cell) the board's ADC channel reads
//   {"op":"vbus","on":B}                     USB power present (GPIO24 high) or not
//   {"op":"status"} / {"op":"quit"}
// Every reply holds the emulated time (t_ns), the serial text since the last reply, counters and,
// when something happened, "cut": true (the chip is off until a reboot).
import fs from 'fs';
import readline from 'readline';
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const args = {};
for (let i = 2; i < process.argv.length; i += 2) {
  args[process.argv[i].replace(/^--/, '')] = process.argv[i + 1];
}
const config = JSON.parse(fs.readFileSync(args.config, 'utf8'));
const bootromBytes = fs.readFileSync(config.bootrom);
const FLASH_BYTES = 2 * 1024 * 1024;
const CYCLE_NS = 8; // 125 MHz
const ERASE_NS_PER_SECTOR = 45e6;
const PROGRAM_NS_PER_PAGE = 0.4e6;
const FRAME_GAP_NS = 2e6; // button reads closer together than this belong to one frame's scan

function romFunction(rom, code) {
  // B1 boot ROM: a 16-bit pointer at 0x14 to a table of (16-bit code, 16-bit address) pairs.
  const view = new DataView(rom.buffer, rom.byteOffset, rom.byteLength);
  let p = view.getUint16(0x14, true);
  for (;;) {
    const c = view.getUint16(p, true);
    if (c === 0) throw new Error('ROM function not found: ' + code);
    if (c === (code.charCodeAt(0) | (code.charCodeAt(1) << 8))) return view.getUint16(p + 2, true) & ~1;
    p += 4;
  }
}
const ROM_ERASE = romFunction(bootromBytes, 'RE');
const ROM_PROGRAM = romFunction(bootromBytes, 'RP');
if (process.env.EMU_DEBUG) console.error('rom erase', ROM_ERASE.toString(16), 'program', ROM_PROGRAM.toString(16));

function loadUf2(flash, path) {
  const data = fs.readFileSync(path);
  for (let i = 0; i + 512 <= data.length; i += 512) {
    const v = new DataView(data.buffer, data.byteOffset + i, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) {
      throw new Error('not a UF2 block at ' + i);
    }
    const flags = v.getUint32(8, true);
    if (flags & 1) continue; // not for the main flash
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    flash.set(data.subarray(i + 32, i + 32 + size), addr - 0x10000000);
  }
}

const stream = fs.openSync(config.stream, 'w');
let flash = new Uint8Array(FLASH_BYTES).fill(0xff);
if (config.flash_image) flash.set(fs.readFileSync(config.flash_image).subarray(0, FLASH_BYTES));
else loadUf2(flash, config.uf2);

let mcu, clock, cdc;
let heldRead = null; // the device's armed OUT buffer, while the console has nothing to send
let releaseRead = () => {};
let serialOut = [];
let serialAll = '';
let off = false;
let cutPlan = null; // {left: ops to let through, fraction}
const counters = { flash_erase: 0, flash_program: 0, spi_bytes: 0, frames: 0, boots: 0, busy_ns: 0 };
const events = []; // frame starts and SPI bursts, drained by each reply
let lastSpiNs = -1;
let lastInputReadNs = -1e18;
let streamBuf = [];
let streamTag = null;
let streamBytes = [];

function flushStream() {
  if (streamTag !== null && streamBytes.length) {
    const hdr = Buffer.alloc(5);
    hdr.write(streamTag, 0, 'latin1');
    hdr.writeUInt32LE(streamBytes.length, 1);
    streamBuf.push(hdr, Buffer.from(streamBytes));
  }
  streamBytes = [];
  if (streamBuf.length) {
    fs.writeSync(stream, Buffer.concat(streamBuf));
    streamBuf = [];
  }
}

function spiByte(tag, value) {
  if (tag !== streamTag || streamBytes.length >= 65536) {
    const keep = tag;
    flushStreamRecord();
    streamTag = keep;
  }
  streamBytes.push(value);
}

function flushStreamRecord() {
  if (streamTag !== null && streamBytes.length) {
    const hdr = Buffer.alloc(5);
    hdr.write(streamTag, 0, 'latin1');
    hdr.writeUInt32LE(streamBytes.length, 1);
    streamBuf.push(hdr, Buffer.from(streamBytes));
    if (streamBuf.length > 64) {
      fs.writeSync(stream, Buffer.concat(streamBuf));
      streamBuf = [];
    }
  }
  streamBytes = [];
  streamTag = null;
}

function boot() {
  const now = mcu ? clock.nanos : 0;
  const sim = new Simulator(); // used for its clock and chip only: runUntil() steps the core
  clock = sim.clock;
  mcu = sim.rp2040;
  baseNs += now;
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(new Uint32Array(bootromBytes.buffer, bootromBytes.byteOffset, bootromBytes.byteLength / 4));
  mcu.flash.set(flash); // the RP2040 object owns the bytes from here; `flash` is its view
  flash = mcu.flash.subarray(0, FLASH_BYTES);
  counters.boots += 1;

  // Panel on the board's SPI: each byte takes 8 bit times at the programmed rate.
  const spi = mcu.spi[config.spi];
  const cs = mcu.gpio[config.cs];
  const dc = mcu.gpio[config.dc];
  const spiDone = clock.createAlarm(() => spi.completeTransmit(0));
  spi.onTransmit = (value) => {
    if (!cs.outputValue) {
      spiByte(dc.outputValue ? 'D' : 'C', value);
      counters.spi_bytes += 1;
      lastSpiNs = nowNs();
    }
    const hz = spi.clockFrequency || 1e6;
    spiDone.schedule(Math.round((spi.dataBits * 1e9) / hz));
  };

  // The supply: VSYS/3 on ADC3 (12 bits of 3.3 V) or the board's own divider, VBUS sense on GPIO24.
  setVsys(vsys);
  mcu.gpio[24].setInputValue(vbus);

  // Buttons: pulled up (released) until a script presses them.
  for (const pin of Object.values(config.buttons)) mcu.gpio[pin].setInputValue(true);
  if (config.keyboard) keyboardOn(mcu.i2c[config.keyboard.i2c]);

  // A frame of the app begins with a scan of the buttons (reads of SIO GPIO_IN).
  const sio = mcu.sio;
  const sioRead = sio.readUint32.bind(sio);
  sio.readUint32 = (offset) => {
    if (offset === 0x004) {
      const t = nowNs();
      if (t - lastInputReadNs > FRAME_GAP_NS) {
        counters.frames += 1;
        events.push(['frame', t]);
      }
      lastInputReadNs = t;
    }
    return sioRead(offset);
  };

  cdc = new USBCDC(mcu.usbCtrl);
  // rp2040js's host answers every OUT buffer the device arms at once, with a zero-length packet
  // when nothing was typed: 10 us later the device re-arms, so an idle MicroPython took an USB
  // interrupt every 70 us and the core was busy 94% of the time at the REPL (a real host sends
  // nothing until it has bytes). The read is held here until the console has something to send.
  const usb = mcu.usbCtrl;
  const answerRead = usb.onEndpointRead;
  heldRead = null;
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint === cdc.outEndpoint && cdc.txFIFO.itemCount === 0) heldRead = [endpoint, size];
    else answerRead(endpoint, size);
  };
  releaseRead = () => {
    if (heldRead !== null && cdc.txFIFO.itemCount > 0) {
      const [endpoint, size] = heldRead;
      heldRead = null;
      answerRead(endpoint, size);
    }
  };
  cdc.onSerialData = (buf) => {
    const s = Buffer.from(buf).toString('latin1');
    serialOut.push(s);
    serialAll += s;
    if (serialAll.length > 65536) serialAll = serialAll.slice(-32768);
  };
  mcu.core.PC = 0x10000000;
  off = false;
}

// The keyboard controller on I2C: a write sets the register, a read answers two bytes.
const keyEvents = [];
function keyboardOn(i2c) {
  const kb = config.keyboard;
  let reg = 0;
  let answer = [0, 0];
  let at = 0;
  i2c.onStart = () => i2c.completeStart();
  i2c.onConnect = (address, mode) => {
    if (address !== kb.address) {
      i2c.completeConnect(false);
      return;
    }
    if (mode === 1) { // a read: the register's two bytes
      if (reg === 0x09) answer = keyEvents.length ? keyEvents.shift() : [0, 0];
      else if (reg === 0x0b) answer = [0x0b, Math.max(0, Math.min(100, Math.floor((vsys - 3.3) * 125 + 1e-9)))];
      else answer = [0, 0];
      at = 0;
    }
    i2c.completeConnect(true);
  };
  i2c.onWriteByte = (value) => {
    reg = value & 0x7f;
    i2c.completeWrite(true);
  };
  i2c.onReadByte = () => {
    i2c.completeRead(at < answer.length ? answer[at++] : 0);
  };
  i2c.onStop = () => i2c.completeStop();
}

let vsys = 4.0;
let vbus = false;
const BATTERY_CHANNEL = config.battery_channel === undefined ? 3 : config.battery_channel;
const BATTERY_DIVIDER = config.battery_divider || 3;
function setVsys(volts) {
  vsys = volts;
  const counts = Math.round((volts / BATTERY_DIVIDER / 3.3) * 4095);
  mcu.adc.channelValues[BATTERY_CHANNEL] = Math.max(0, Math.min(4095, counts));
}

let baseNs = 0;
function nowNs() {
  return baseNs + clock.nanos;
}

function flashOp(kind) {
  // Called with the core at the ROM routine's entry: r0.. hold its arguments.
  const r = mcu.core.registers;
  const core = mcu.core;
  let cutAt = -1;
  if (cutPlan) {
    if (cutPlan.left === 0) cutAt = cutPlan.fraction;
    cutPlan.left -= 1;
  }
  let ns;
  if (kind === 'erase') {
    const addr = r[0] >>> 0;
    const count = r[1] >>> 0;
    let n = count;
    if (cutAt >= 0) n = Math.floor(count * cutAt);
    flash.fill(0xff, addr, Math.min(addr + n, FLASH_BYTES));
    counters.flash_erase += 1;
    ns = Math.ceil(count / 4096) * ERASE_NS_PER_SECTOR;
  } else {
    const addr = r[0] >>> 0;
    const src = r[1] >>> 0;
    const count = r[2] >>> 0;
    let n = count;
    if (cutAt >= 0) n = Math.floor(count * cutAt);
    for (let i = 0; i < n; i++) flash[addr + i] &= mcu.readUint8(src + i);
    counters.flash_program += 1;
    ns = Math.ceil(count / 256) * PROGRAM_NS_PER_PAGE;
  }
  if (cutAt >= 0) {
    cutPlan = null;
    off = true;
    return;
  }
  clock.tick(ns);
  core.PC = core.LR & ~1; // return from the ROM routine as if it had run
}

function runUntil(targetNs) {
  const core = mcu.core;
  const limit = targetNs - baseNs;
  while (!off && clock.nanos < limit) {
    const pc = core.PC;
    if (pc === ROM_ERASE) {
      flashOp('erase');
    } else if (pc === ROM_PROGRAM) {
      flashOp('program');
    } else if (core.waiting) {
      const dt = clock.nanosToNextAlarm;
      const room = limit - clock.nanos;
      clock.tick(dt > 0 && dt < room ? dt : Math.max(CYCLE_NS, room));
    } else {
      const ns = core.executeInstruction() * CYCLE_NS;
      counters.busy_ns += ns;
      clock.tick(ns);
    }
  }
}

function reply(extra) {
  flushStreamRecord();
  flushStream();
  const out = Object.assign({ t_ns: nowNs(), serial: serialOut.join(''), off, last_spi_ns: lastSpiNs }, counters, extra || {});
  out.events = events.splice(0);
  serialOut = [];
  process.stdout.write(JSON.stringify(out) + '\n');
}

boot();
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  let cmd;
  try {
    cmd = JSON.parse(line);
  } catch (e) {
    reply({ error: 'bad command: ' + line });
    return;
  }
  try {
    switch (cmd.op) {
      case 'run':
        runUntil(nowNs() + cmd.ms * 1e6);
        reply();
        break;
      case 'until': {
        const mark = serialAll.length;
        const target = nowNs() + cmd.ms * 1e6;
        let found = false;
        while (!off && nowNs() < target) {
          runUntil(Math.min(target, nowNs() + 5e6));
          if (serialAll.indexOf(cmd.text, Math.max(0, mark - cmd.text.length)) >= 0 && serialAll.length > mark) {
            found = serialAll.slice(Math.max(0, mark - cmd.text.length)).includes(cmd.text);
            if (found) break;
          }
        }
        reply({ found });
        break;
      }
      case 'press':
      case 'release': {
        if (config.keyboard && config.keyboard.keys[cmd.key] !== undefined) {
          keyEvents.push([cmd.op === 'press' ? 1 : 3, config.keyboard.keys[cmd.key]]);
          reply();
          break;
        }
        const pin = config.buttons[cmd.key];
        if (pin === undefined) throw new Error('no button ' + cmd.key + ' on this board');
        mcu.gpio[pin].setInputValue(cmd.op === 'release');
        reply();
        break;
      }
      case 'serial':
        for (const ch of Buffer.from(cmd.data, 'latin1')) cdc.sendSerialByte(ch);
        releaseRead();
        reply();
        break;
      case 'cut':
        cutPlan = { left: cmd.after_ops, fraction: cmd.fraction };
        reply();
        break;
      case 'reboot': {
        const image = new Uint8Array(flash);
        flash = image;
        serialAll = '';
        boot();
        reply();
        break;
      }
      case 'save_flash':
        fs.writeFileSync(cmd.path, flash);
        reply();
        break;
      case 'vsys':
        setVsys(cmd.volts);
        reply();
        break;
      case 'vbus':
        vbus = !!cmd.on;
        mcu.gpio[24].setInputValue(vbus);
        reply();
        break;
      case 'status':
        reply();
        break;
      case 'quit':
        reply();
        fs.closeSync(stream);
        process.exit(0);
        break;
      default:
        reply({ error: 'unknown op ' + cmd.op });
    }
  } catch (e) {
    reply({ error: String(e && e.stack ? e.stack : e) });
  }
});
