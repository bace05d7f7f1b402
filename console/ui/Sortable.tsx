// Lists reordered by dragging (dnd-kit), with the pointer or the keyboard: the list's drag
// context, a row's ref and style, and the grip button that drags it (reply items, card blocks).
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { t } from '../app/i18n';

export function SortableList({
  ids,
  onMove,
  children,
}: {
  ids: string[];
  /** A row was dropped on another one: the dragged row's id, then the one it now takes the place of. */
  onMove: (from: string, to: string) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    onMove(String(e.active.id), String(e.over.id));
  };
  // What a screen reader hears, in the console's language and by position (dnd-kit's own words
  // are English and name the rows by their internal ids).
  const at = (id: string | number) => ids.indexOf(String(id)) + 1;
  const count = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('layout.sortable.pickedUp', { n: at(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? t('layout.sortable.over', { n: at(active.id), to: at(over.id), count })
        : t('layout.sortable.notOver', { n: at(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('layout.sortable.dropped', { n: at(active.id), to: at(over.id), count })
        : t('layout.sortable.cancelled', { n: at(active.id) }),
    onDragCancel: ({ active }) => t('layout.sortable.cancelled', { n: at(active.id) }),
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('layout.sortable.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A row of a SortableList: spread `row` on its element and give `sortable` to its DragHandle. */
export function useSortableRow(id: string) {
  const sortable = useSortable({ id });
  return {
    sortable,
    row: {
      ref: sortable.setNodeRef,
      style: { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition },
    },
    isDragging: sortable.isDragging,
  };
}

export function DragHandle({
  sortable,
  className,
  label,
}: {
  sortable: ReturnType<typeof useSortable>;
  className: string;
  label: string;
}) {
  return (
    <button
      type="button"
      className={className}
      ref={sortable.setActivatorNodeRef}
      aria-label={label}
      {...sortable.attributes}
      {...sortable.listeners}
    >
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M9 5h2v2H9zm4 0h2v2h-2zM9 11h2v2H9zm4 0h2v2h-2zm-4 6h2v2H9zm4 0h2v2h-2z"
        />
      </svg>
    </button>
  );
}
