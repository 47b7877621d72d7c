import { useState } from 'react';
import { Button, formatItemName, SelectField } from '@mojud/design-system';

interface Item {
  id: string;
  name: string;
}

interface Props {
  /** The items not in the list yet; with none left, nothing shows. */
  items: Item[];
  label: string;
  buttonText: string;
  className: string;
  onAdd: (item: Item) => void;
}

/** A drop-down of the cylinder items a list does not hold yet, and a button that adds the chosen one. */
export function ItemAdder({ items, label, buttonText, className, onAdd }: Props) {
  const [adding, setAdding] = useState('');
  const chosen = items.some((c) => c.id === adding) ? adding : (items[0]?.id ?? '');
  if (items.length === 0) return null;
  return (
    <div className={className}>
      <SelectField label={label} value={chosen} onChange={(e) => setAdding(e.target.value)} options={items.map((c) => ({ value: c.id, label: formatItemName(c.name) }))} />
      <Button
        variant="secondary"
        onClick={() => {
          const item = items.find((c) => c.id === chosen);
          if (item) onAdd(item);
          setAdding('');
        }}
      >
        {buttonText}
      </Button>
    </div>
  );
}
