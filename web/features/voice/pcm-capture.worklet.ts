/**
 * The realtime call's microphone tap, run on the audio thread (an AudioWorklet; built by Vite as
 * a file of its own through `?worker&url`, see realtime-microphone.ts). The AudioContext runs at
 * the protocol's 24 kHz, so the browser has already resampled the microphone: this only turns
 * float samples into PCM16 and posts them in 50 ms frames (small frames keep the provider's
 * turn detection prompt; per-block messages would be 190 a second).
 */

// The worklet scope's globals, which no TypeScript lib declares.
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: new () => object): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

const FRAME_MS = 50;

class PcmCaptureProcessor extends AudioWorkletProcessor {
  private readonly frameLength = Math.round((sampleRate * FRAME_MS) / 1000);
  private frame = new Int16Array(this.frameLength);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    for (const sample of channel) {
      const clamped = Math.max(-1, Math.min(1, sample));
      this.frame[this.filled++] = clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff;
      if (this.filled === this.frameLength) {
        // Transferred, not copied: the sent frame's buffer is detached here (its length reads 0).
        this.port.postMessage(this.frame.buffer, [this.frame.buffer]);
        this.frame = new Int16Array(this.frameLength);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor("pcm-capture", PcmCaptureProcessor);
