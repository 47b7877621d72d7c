import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '@mojud/i18n';
import { ns } from '../texts';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const t = useT(ns);
  return (
    <main className="shell-auth">
      <div className="shell-auth__card">
        <Link to="/" className="shell-auth__back">
          ← {t('login.backHome')}
        </Link>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
