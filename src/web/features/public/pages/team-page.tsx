import '../public-pages-strings';
import { useTranslation } from 'react-i18next';
import { Globe, Mail } from 'lucide-react';
import { Container } from '../../../ui/container';
import { CtaBand } from '../components/cta-band';
import { TitledPageHero } from '../../../ui/page-hero';
import { initialsOf } from '../initials-of';

interface Member {
  name: string;
  role: string;
  bio: string;
  website: string;
  email: string;
}

// A different tint per member keeps the initials avatars apart without photos.
const avatarTints = ['bg-brand-800', 'bg-accent-600', 'bg-brand-600'];

export function TeamPage() {
  const { t } = useTranslation();
  const members = t('public.team.members', { returnObjects: true }) as Member[];
  const socialLink =
    'inline-flex size-10 items-center justify-center rounded-lg border border-slate-200 text-slate-600 transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800';
  return (
    <>
      <TitledPageHero words="public.team" />
      <Container className="py-16">
        <ul className="grid gap-6 md:grid-cols-3">
          {members.map((member, index) => (
            <li
              key={member.name}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
            >
              <span
                aria-hidden="true"
                className={`mx-auto flex size-20 items-center justify-center rounded-full text-2xl font-semibold text-white ring-4 ring-brand-50 ${avatarTints[index % avatarTints.length]}`}
              >
                {initialsOf(member.name)}
              </span>
              <h2 className="mt-5 text-xl font-semibold text-slate-900">{member.name}</h2>
              <p className="mt-1 inline-flex self-center rounded-full bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-800">
                {member.role}
              </p>
              <p className="mt-4 flex-1 text-slate-600">{member.bio}</p>
              <ul className="mt-6 flex justify-center gap-2">
                <li>
                  <a
                    href={member.website}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('public.team.websiteLabel', { name: member.name })}
                    className={socialLink}
                  >
                    <Globe aria-hidden="true" className="size-5" />
                  </a>
                </li>
                <li>
                  <a
                    href={`mailto:${member.email}`}
                    aria-label={t('public.team.emailLabel', { name: member.name })}
                    className={socialLink}
                  >
                    <Mail aria-hidden="true" className="size-5" />
                  </a>
                </li>
              </ul>
            </li>
          ))}
        </ul>
      </Container>
      <CtaBand />
    </>
  );
}
