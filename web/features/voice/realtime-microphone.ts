/**
 * The microphone as PCM16 frames for the realtime call: the stream into an AudioWorklet
 * (pcm-capture.worklet.ts) on an AudioContext at REALTIME_SAMPLE_RATE, each frame handed on as
 * it is made. The same context plays the reply (pcm-player.ts), so one clock serves both.
 */
import captureWorkletUrl from "./pcm-capture.worklet.ts?worker&url";

export interface RealtimeMicrophone {
  /** Muted: frames stop going out (the track stays open, so unmuting is instant). */
  setMuted(muted: boolean): void;
  stop(): void;
}

export async function startRealtimeMicrophone(
  context: AudioContext,
  stream: MediaStream,
  onFrame: (pcm: ArrayBuffer) => void,
): Promise<RealtimeMicrophone> {
  await context.audioWorklet.addModule(captureWorkletUrl);
  const source = context.createMediaStreamSource(stream);
  const capture = new AudioWorkletNode(context, "pcm-capture", { numberOfInputs: 1, numberOfOutputs: 1 });
  let muted = false;
  capture.port.onmessage = (event: MessageEvent<ArrayBuffer>) => {
    if (!muted) onFrame(event.data);
  };
  source.connect(capture);
  // The node writes no output; connected so the graph pulls it (a node nobody listens to may not run).
  capture.connect(context.destination);
  return {
    setMuted: (next) => {
      muted = next;
    },
    stop: () => {
      capture.port.onmessage = null;
      source.disconnect();
      capture.disconnect();
    },
  };
}
