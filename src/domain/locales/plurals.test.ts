import { describe, expect, it } from 'vitest';
import { translator } from '../i18n.ts';
import type { Language } from '../languages.ts';
import { catalogues } from './index.ts';

const t = (language: Language) => translator(language, catalogues[language]);

// Where a number meets a noun, the noun follows the number, in every language.
describe('counted texts', () => {
  it('count the files of a task by its limit: "1 of 3 files", "0 de 10 arquivos"', () => {
    expect(t('en')('tasks.filesOfLimit', { done: 1, count: 3 })).toBe('1 of 3 files');
    expect(t('en')('tasks.filesOfLimit', { done: 1, count: 1 })).toBe('1 of 1 file');
    expect(t('pt')('tasks.filesOfLimit', { done: 0, count: 10 })).toBe('0 de 10 arquivos');
    expect(t('es')('tasks.filesOfLimit', { done: 0, count: 1 })).toBe('0 de 1 archivo');
  });

  it('say one file in the singular: "Ahora tienes 1 archivo"', () => {
    expect(t('es')('tasks.upload.limitExceededDescription', { count: 1, max: 3 })).toBe(
      'Ahora tienes 1 archivo y esta tarea admite como máximo 3.',
    );
    expect(t('en')('message.task.too_many_files', { count: 1, max: 3 })).toBe(
      'Too many files: you currently have 1 file, and this task takes at most 3.',
    );
    expect(t('en')('tasks.upload.tooManyDescription', { count: 1 })).toBe(
      'You can only upload up to 1 file for this task.',
    );
  });

  it('say how much of a list is shown in one sentence whose noun agrees with the total', () => {
    expect(t('en')('tasks.showing', { from: 1, to: 1, count: 1 })).toBe('Showing 1–1 of 1 task');
    expect(t('en')('users.showing', { from: 1, to: 25, count: 40 })).toBe(
      'Showing 1–25 of 40 users',
    );
    expect(t('es')('applications.showing', { from: 1, to: 1, count: 1 })).toBe(
      'Mostrando 1–1 de 1 solicitud',
    );
    expect(t('pt')('compensation.influencers.showing', { from: 1, to: 1, count: 1 })).toBe(
      'Mostrando 1–1 de 1 influenciador',
    );
  });

  it('take the many form for a million in Spanish and Portuguese, not English text', () => {
    expect(t('es')('tasks.fileCountShort', { count: 1_000_000 })).toBe('1000000 archivos');
    expect(t('pt')('tasks.fileCountShort', { count: 1_000_000 })).toBe('1000000 arquivos');
  });

  it('say zero in the plural in Portuguese, where the plural rules say one', () => {
    expect(t('pt')('tasks.fileCountValue', { count: 0 })).toBe('0 arquivos enviados');
    expect(t('pt')('tasks.fileCountValue', { count: 1 })).toBe('1 arquivo enviado');
    expect(t('en')('tasks.fileCountValue', { count: 0 })).toBe('0 files uploaded');
  });

  it('count the sessions ended: "Signed out on 1 other device", and none without a number', () => {
    expect(t('en')('settings.sessions.endedOthers', { count: 1 })).toBe(
      'Signed out on 1 other device.',
    );
    expect(t('es')('settings.sessions.endedOthers', { count: 2 })).toBe(
      'Se cerró la sesión en 2 dispositivos más.',
    );
    expect(t('pt')('settings.sessions.endedOthers', { count: 0 })).toBe(
      'Nenhum outro dispositivo estava conectado.',
    );
    expect(t('pt')('users.sessions.success', { count: 1, username: 'ana' })).toBe(
      '1 sessão de ana foi encerrada.',
    );
  });

  it('agree the words around a count: "Filtros, 1 activo"', () => {
    expect(t('es')('list.filtersActive', { count: 1 })).toBe('Filtros, 1 activo');
    expect(t('pt')('notifications.buttonUnread', { count: 2 })).toBe('Notificações, 2 não lidas');
    expect(t('en')('apply.error.moreDescription', { count: 1 })).toBe(
      'Please check 1 more field and correct any remaining validation errors.',
    );
  });
});
