import { Select, type SelectProps } from 'antd';
import { useInstitutions } from '../api/institutions';

/** The community select of every form: the server's list, or the ten defaults until it arrives. */
export function InstitutionSelect(props: Omit<SelectProps<number>, 'options'>) {
  const institutions = useInstitutions();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      options={institutions.map((i) => ({ value: i.id, label: i.name }))}
      {...props}
    />
  );
}
