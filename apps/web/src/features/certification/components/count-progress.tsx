import { Progress } from '@mantine/core';

/**
 * A progress bar read as "X de N" (Mantine's own says a percentage): `label` names it for screen
 * readers, e.g. "Progreso de la certificación".
 */
export function CountProgress({
  done,
  total,
  label,
  mt,
}: {
  done: number;
  total: number;
  label: string;
  mt?: number;
}) {
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Progress.Root mt={mt} size="md">
      <Progress.Section
        value={percent}
        withAria={false}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} de ${total}`}
      />
    </Progress.Root>
  );
}
