/** Admin-only 'Test Speech API' (spec section 2): speaks a sample through /api/tts and reports the result. */
import { Volume2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { synthesizeSpeech } from "./voice-api";

export function TestSpeechButton({ voice }: { voice: string }) {
  const [testing, setTesting] = useState(false);

  async function test(): Promise<void> {
    setTesting(true);
    try {
      const { audioUrl } = await synthesizeSpeech({
        text: "This is a test of the speech API.",
        voice,
        language: "en-US",
      });
      await new Audio(audioUrl).play();
      toast({ title: "Speech API Test", description: "The speech API answered and the sample is playing." });
    } catch (error) {
      const reason = error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
      toast({ title: "Speech API Test Failed", description: reason, variant: "destructive" });
    } finally {
      setTesting(false);
    }
  }

  return (
    <Button variant="outline" size="sm" onClick={() => void test()} disabled={testing}>
      <Volume2 aria-hidden />
      {testing ? "Testing…" : "Test Speech API"}
    </Button>
  );
}
