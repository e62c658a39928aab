import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

/**
 * The optional drawn signature (decision 173): a `signature_pad` canvas that takes mouse, pen and
 * touch (pointer events; `touch-action: none` keeps a finger from scrolling the page while it
 * draws). It reports a PNG data URL after each stroke, or `null` once cleared ("Borrar"). The ink
 * is always black on white — the signature lands on a white PDF page whatever the screen's theme.
 * The canvas is sized to its box times the device pixel ratio, so strokes stay sharp on phones.
 */
export function SignatureCanvas({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initial = useRef(value);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { backgroundColor: '#ffffff', penColor: '#111111' });
    padRef.current = pad;
    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (data.length > 0) pad.fromData(data);
    };
    resize();
    // A signature drawn before an error re-render (or a remount) comes back.
    if (initial.current) void pad.fromDataURL(initial.current).catch(() => undefined);
    const onEnd = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', resize);
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      window.removeEventListener('resize', resize);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  return (
    <Box>
      <Text size="sm" fw={500} id="signature-label">
        Firma dibujada (opcional)
      </Text>
      <Text size="xs" c="dimmed" id="signature-help" mb={4}>
        Dibuja tu firma con el dedo, un lápiz o el ratón.
      </Text>
      <canvas
        ref={canvasRef}
        data-testid="signature-canvas"
        role="img"
        aria-labelledby="signature-label"
        aria-describedby="signature-help"
        style={{
          display: 'block',
          width: '100%',
          height: 160,
          touchAction: 'none',
          background: '#ffffff',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          cursor: disabled ? 'not-allowed' : 'crosshair',
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" aria-live="polite">
          {value ? 'Firma dibujada' : 'Sin firma dibujada'}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconEraser size={14} />}
          disabled={disabled || !value}
          onClick={() => {
            padRef.current?.clear();
            onChange(null);
          }}
        >
          Borrar
        </Button>
      </Group>
    </Box>
  );
}
