import { type FormEvent, useId, useState } from "react";
import { TagInput } from "@/components/form/tag-input";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { PortfolioItem } from "@/features/portfolio/data/sample-portfolio";

type EditPortfolioItemDialogProps = {
  item: PortfolioItem;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSave(item: PortfolioItem): void;
};

export function EditPortfolioItemDialog({ item, open, onOpenChange, onSave }: EditPortfolioItemDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit portfolio item</DialogTitle>
          <DialogDescription>Changes stay on this device until portfolios are stored.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from the saved values. */}
        {open ? <EditForm item={item} onCancel={() => onOpenChange(false)} onSave={onSave} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type EditFormProps = { item: PortfolioItem; onCancel(): void; onSave(item: PortfolioItem): void };

function EditForm({ item, onCancel, onSave }: EditFormProps) {
  const [title, setTitle] = useState(item.title);
  const [role, setRole] = useState(item.role);
  const [description, setDescription] = useState(item.description);
  const [tags, setTags] = useState(item.tags);
  const ids = { title: useId(), role: useId(), description: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave({ ...item, title: title.trim() || item.title, role: role.trim(), description, tags });
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={ids.title}>Title</Label>
        <Input id={ids.title} value={title} onChange={(event) => setTitle(event.target.value)} required />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.role}>Role</Label>
        <Input id={ids.role} value={role} onChange={(event) => setRole(event.target.value)} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea
          id={ids.description}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          rows={4}
        />
      </div>
      <TagInput tags={tags} onChange={setTags} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Save Changes</Button>
      </div>
    </form>
  );
}
