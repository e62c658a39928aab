import { type Pagination as PageInfo, pageCount } from '@agencia/shared';
import { Group, Pagination, Text } from '@mantine/core';

/**
 * Footer of a paginated list (issue 14): "Mostrando 21–40 de 1,234 proyectos" and Mantine
 * `Pagination` with named arrows (the previous/next buttons keep an accessible name when
 * disabled). A capped total (`totalCapped`, decision 113) reads "de más de 10.000 proyectos"
 * and the page buttons stop at the cap. Renders nothing until the first page arrives; the range line shows even when
 * everything fits on one page, so the total is always visible.
 *
 * @param pagination `data.pagination` of the list answer.
 * @param noun plural noun for the total ("proyectos"); `singular` for a total of 1.
 */
export function ListPagination({
  pagination,
  noun,
  singular,
  onChange,
}: {
  pagination: PageInfo | undefined;
  noun: string;
  singular: string;
  onChange: (page: number) => void;
}) {
  if (!pagination || pagination.total === 0) return null;
  const { page, limit, total } = pagination;
  const pages = pageCount(pagination);
  const from = Math.min(total, (page - 1) * limit + 1);
  const to = Math.min(total, page * limit);
  const count = `${pagination.totalCapped ? 'más de ' : ''}${new Intl.NumberFormat('es-DO').format(total)}`;
  return (
    <Group justify="space-between" mt="md" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 1 && !pagination.totalCapped
          ? `1 ${singular}`
          : `Mostrando ${from}–${to} de ${count} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'previous'
                ? 'Página anterior'
                : control === 'next'
                  ? 'Página siguiente'
                  : control === 'first'
                    ? 'Primera página'
                    : 'Última página',
          })}
          getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
        />
      )}
    </Group>
  );
}
