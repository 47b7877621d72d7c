import { registerTexts } from '@mojud/i18n';
import { ns } from '../../texts';

export const texts = {
  settings: {
    store: 'Store',
    name: 'Name',
    location: 'Location',
    phone: 'Phone',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Store details saved',
    saveFailed: 'The store could not be saved: {{message}}',
    required: 'Please fill in all fields',
    readOnly: 'Only an admin or the owner can change the store’s details.',
    limitTitle: 'Selling below the price',
    limitLead:
      'Managers, admins and the owner may sell at any price. Staff may sell below the retail or wholesale price only by the limit set here; a line at price 0 always needs a manager.',
    limitLabel: 'Staff may sell below the price by up to (%)',
    limitHint: '0: staff sell at the price, and a discount needs a manager. At most 99.',
    limitRange: 'Enter a whole number from 0 to 99',
    limitSaved: 'Selling limit saved',
    limitUnavailable: 'The selling limit could not be loaded: {{message}}',
    leaveTitle: 'Leave store',
    leaveLead: 'You will no longer see {{store}} or work in it. An admin can invite you again.',
    leave: 'Leave store',
    leaveConfirm: 'Leave {{store}}?',
    leaveConfirmBody: 'You will lose access to its stock, shops and history.',
    left: 'You left {{store}}',
    leaveFailed: 'You could not leave the store: {{message}}',
    ownerMustTransfer: 'You are the owner. Transfer ownership to another member before you leave.',
    goToMembers: 'Go to Members',
    deleteTitle: 'Delete store',
    deleteLead: 'Deletes {{store}} for every member. Its history is kept but nobody can open it again.',
    delete: 'Delete store',
    deleteConfirmTitle: 'Delete {{store}}?',
    typeName: 'Type the store’s name to confirm',
    typeNameHint: 'Type “{{store}}” exactly.',
    deleting: 'Deleting…',
    deleted: '{{store}} was deleted',
    deleteFailed: 'The store could not be deleted: {{message}}',
  },
};

registerTexts(ns, texts, { bn: () => import('./texts.bn') });
