import {
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAt } from '@tabler/icons-react';
import { showSuccessToast } from '../../../lib/toast';
import { DemoSection, GalleryPage } from '../components/gallery-page';

export function FormsRegularPage() {
  return (
    <GalleryPage
      group="Forms"
      title="Regular forms"
      intro="The form elements of the profile, register and contact forms: inputs, selects, checkboxes, radios and switches."
    >
      <DemoSection id="forms-elements" title="Form elements">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            showSuccessToast('The demo form was submitted.');
          }}
        >
          <Stack gap="sm" maw={720}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label="First name" placeholder="Ada" />
              <TextInput label="Last name" placeholder="Lovelace" />
              <TextInput
                label="E-mail"
                placeholder="ada@example.com"
                leftSection={<IconAt size={16} />}
              />
              <PasswordInput label="Password" placeholder="At least 5 characters" />
              <Select
                label="Country"
                placeholder="Pick one"
                data={['United States', 'United Kingdom', 'Germany', 'Spain']}
              />
              <TextInput label="Disabled" value="Read-only value" disabled readOnly />
            </SimpleGrid>
            <Textarea label="About me" placeholder="A few words" autosize minRows={3} />
            <Checkbox label="E-mail me a daily summary" defaultChecked />
            <Radio.Group label="Plan" defaultValue="basic">
              <Group gap="md" mt={4}>
                <Radio value="supporter" label="Supporter" />
                <Radio value="basic" label="Basic" />
                <Radio value="standard" label="Standard" />
              </Group>
            </Radio.Group>
            <Switch label="Instant alerts" />
            <Group>
              <Button type="submit">Save</Button>
              <Button type="reset" variant="default">
                Reset
              </Button>
            </Group>
          </Stack>
        </form>
      </DemoSection>
    </GalleryPage>
  );
}
